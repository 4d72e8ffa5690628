/** The Gold characters (1001–1008, in two groups: gold leaf and neon) and the cat, 3000. */
import { P, c, type Character } from './character-kit';
import * as m from './species-mammals';
import * as o from './species-others';

export const SPECIAL_CHARACTERS: readonly Character[] = [
  c(
    1001,
    m.lion,
    P('#f6c04a', '#fff2cc', '#e89a3c', '#a8532a'),
    { kind: 'sequin', main: '#e8b53a', second: '#ffffff', pants: '#2b2238', shoes: '#e8b53a' },
    0,
    '#fff1c2',
    { kind: 'crown', color: '#ffd84d', second: '#ff5c7a' },
  ),
  c(
    1002,
    m.puppy,
    P('#f2c27a', '#fff1d6', '#ff9db5', '#c9822f'),
    { kind: 'jacket', main: '#e8b53a', second: '#2b2238' },
    18,
    '#fff1c2',
    { kind: 'shades', color: '#2b2238' },
  ),
  c(
    1003,
    o.penguin,
    P('#2b2238', '#ffffff', '#ffb938', '#1c1626'),
    { kind: 'tux', main: '#2b2238', second: '#e8b53a', pants: '#2b2238', shoes: '#2b2238' },
    0,
    '#fff1c2',
    { kind: 'headphones', color: '#e8b53a', second: '#2b2238' },
  ),
  c(
    1004,
    m.panda,
    P('#ffffff', '#ffffff', '#ffb3c6', '#2b2238'),
    { kind: 'sequin', main: '#2b2238', second: '#e8b53a', shoes: '#e8b53a' },
    0,
    '#fff1c2',
    { kind: 'shades', color: '#e8b53a' },
  ),
  c(
    1005,
    o.robot,
    P('#3a3346', '#5af2ff', '#ff3dbb', '#ff3dbb'),
    { kind: 'tracksuit', main: '#ff3dbb', second: '#5af2ff', shoes: '#5af2ff' },
    3,
    '#2f2448',
  ),
  c(
    1006,
    o.alien,
    P('#5af2a0', '#d9ffe9', '#ffe14d', '#2fbf7a'),
    { kind: 'jacket', main: '#3a3346', second: '#ff3dbb' },
    16,
    '#2f2448',
    { kind: 'visor', color: '#ff3dbb' },
  ),
  c(
    1007,
    o.unicorn,
    P('#ffffff', '#5af2ff', '#ffe14d', '#ff3dbb'),
    { kind: 'sequin', main: '#8a5cff', second: '#5af2ff' },
    0,
    '#2f2448',
  ),
  c(
    1008,
    o.dragon,
    P('#ff4f6d', '#ffd0d8', '#ffe14d', '#b3204a'),
    { kind: 'varsity', main: '#3a3346', second: '#ffe14d' },
    19,
    '#2f2448',
    { kind: 'shades', color: '#5af2ff' },
  ),

  c(
    3000,
    m.cat,
    P('#3a3346', '#ffd34d', '#ff9fc0', '#2b2238'),
    { kind: 'hoodie', main: '#f5c04a', second: '#2b2238' },
    5,
    '#efe1c8',
    { kind: 'headphones', color: '#ff5c8a', second: '#ffffff' },
  ),
];
