/**
 * The 32 screen prints a shirt can carry (the custom avatar maker's "screen"
 * part). Each is drawn around (0, 0) within ±15 and placed on the chest.
 */
import { circle, ellipse, path, rect, stroke } from './ink';

const W = 2.4;
const o = (fill: string) => ({ fill, width: W });

const PRINTS: readonly (() => string)[] = [
  // 1 star
  () => path('M0 -15 L4.4 -5 L15 -4.6 L6.8 2.4 L9.6 13 L0 7 L-9.6 13 L-6.8 2.4 L-15 -4.6 L-4.4 -5 Z', o('#ffd84d')),
  // 2 heart
  () => path('M0 13 C-18 0 -14 -14 -6 -13 C-2 -13 0 -9 0 -7 C0 -9 2 -13 6 -13 C14 -14 18 0 0 13 Z', o('#ff5c8a')),
  // 3 lightning bolt
  () => path('M4 -15 L-9 2 L-1 2 L-5 15 L9 -3 L1 -3 Z', o('#ffd84d')),
  // 4 music note
  () => ellipse(-5, 9, 6, 4.5, o('#2b2238')) + stroke('M0.5 9 L0.5 -13 Q8 -10 10 -3', W + 0.6),
  // 5 vinyl record
  () =>
    circle(0, 0, 14, o('#2b2238')) +
    stroke('M-9 0 A9 9 0 0 1 9 0 A9 9 0 0 1 -9 0', 1, '#8a8399') +
    circle(0, 0, 5, o('#ff5c8a')) +
    circle(0, 0, 1.4, { fill: '#fff', stroke: false }),
  // 6 headphones
  () =>
    stroke('M-11 4 Q-11 -12 0 -12 Q11 -12 11 4', W + 1) +
    rect(-15, 0, 8, 12, 3, o('#5ad1ff')) +
    rect(7, 0, 8, 12, 3, o('#5ad1ff')),
  // 7 equalizer bars
  () =>
    [
      [-12, 4],
      [-6, -8],
      [0, -2],
      [6, -12],
      [12, 0],
    ]
      .map(([x, top]) => rect((x ?? 0) - 2.5, top ?? 0, 5, 13 - (top ?? 0), 1.5, o('#3ecf8e')))
      .join(''),
  // 8 moon
  () => path('M4 -14 A14 14 0 1 0 14 4 A10 10 0 1 1 4 -14 Z', o('#ffe89a')),
  // 9 sun
  () =>
    [0, 45, 90, 135, 180, 225, 270, 315]
      .map((d) => `<g transform="rotate(${d})">${stroke('M0 -11 L0 -15', W + 0.4)}</g>`)
      .join('') + circle(0, 0, 8, o('#ffb938')),
  // 10 cloud
  () => path('M-12 8 Q-16 8 -16 3 Q-16 -3 -10 -3 Q-9 -11 -1 -11 Q7 -11 8 -4 Q15 -5 15 2 Q15 8 10 8 Z', o('#ffffff')),
  // 11 flower
  () =>
    [0, 72, 144, 216, 288]
      .map((d) => `<g transform="rotate(${d})">${ellipse(0, -8, 5.5, 7.5, o('#ff9ec4'))}</g>`)
      .join('') + circle(0, 0, 5, o('#ffd84d')),
  // 12 smiley
  () =>
    circle(0, 0, 14, o('#ffd84d')) +
    ellipse(-5, -3, 2, 3, { fill: '#2b2238', stroke: false }) +
    ellipse(5, -3, 2, 3, { fill: '#2b2238', stroke: false }) +
    stroke('M-7 4 Q0 10 7 4', W),
  // 13 cassette
  () =>
    rect(-15, -10, 30, 20, 3, o('#ff8a5c')) +
    rect(-10, -6, 20, 8, 2, o('#fff')) +
    circle(-5, -2, 2.4, o('#2b2238')) +
    circle(5, -2, 2.4, o('#2b2238')) +
    path('M-8 10 L-6 5 L6 5 L8 10', o('none')),
  // 14 speaker
  () => rect(-11, -15, 22, 30, 4, o('#3a3346')) + circle(0, 5, 6.5, o('#8a8399')) + circle(0, -8, 3, o('#8a8399')),
  // 15 microphone
  () => rect(-6, -15, 12, 17, 6, o('#b8b3c8')) + stroke('M-9 -3 Q-9 8 0 8 Q9 8 9 -3 M0 8 L0 14 M-5 14 L5 14', W),
  // 16 planet
  () =>
    circle(0, 0, 9, o('#9b7bff')) +
    `<g transform="rotate(-20)">${path('M-16 0 Q0 8 16 0', o('none'))}${path('M-16 0 Q0 -5 16 0', { fill: 'none', stroke: true, width: W, opacity: 0.25 })}</g>`,
  // 17 diamond
  () =>
    path('M-12 -6 L-6 -12 L6 -12 L12 -6 L0 13 Z', o('#7fe3ff')) +
    stroke('M-12 -6 L12 -6 M-6 -12 L-3 -6 L0 13 M6 -12 L3 -6', 1.6),
  // 18 crown
  () => path('M-14 10 L-14 -8 L-7 0 L0 -12 L7 0 L14 -8 L14 10 Z', o('#ffd84d')),
  // 19 flame
  () =>
    path(
      'M0 15 C-12 15 -14 4 -8 -3 C-6 2 -3 2 -3 -1 C-4 -8 2 -12 4 -15 C5 -8 14 -2 11 7 C9 12 5 15 0 15 Z',
      o('#ff7a3d'),
    ) + path('M0 13 C-5 13 -6 8 -3 4 C-1 7 2 5 2 2 C6 5 6 13 0 13 Z', { fill: '#ffd84d', stroke: false }),
  // 20 wave
  () =>
    path('M-15 6 Q-10 -2 -5 6 Q0 14 5 6 Q10 -2 15 6 L15 14 L-15 14 Z', o('#5ad1ff')) +
    path('M-15 -4 Q-10 -12 -5 -4 Q0 4 5 -4 Q10 -12 15 -4', o('none')),
  // 21 prism
  () =>
    path('M0 -14 L14 12 L-14 12 Z', o('#ffffff')) +
    stroke('M-16 0 L-5 -1', 2, '#ffffff') +
    stroke('M5 0 L16 -4', 2.2, '#ff5c8a') +
    stroke('M6 2 L16 2', 2.2, '#ffd84d') +
    stroke('M6 4 L16 8', 2.2, '#5ad1ff'),
  // 22 cherries
  () => stroke('M-5 2 Q-2 -8 6 -14 Q6 -6 6 2', W) + circle(-6, 7, 6, o('#ff4d6d')) + circle(7, 7, 6, o('#ff4d6d')),
  // 23 mushroom
  () =>
    rect(-5, 0, 10, 13, 4, o('#fff4e0')) +
    path('M-15 2 Q-15 -14 0 -14 Q15 -14 15 2 Z', o('#ff5c5c')) +
    circle(-6, -6, 2.4, { fill: '#fff', stroke: false }) +
    circle(5, -8, 2, { fill: '#fff', stroke: false }),
  // 24 pizza slice
  () =>
    path('M-13 -12 Q0 -16 13 -12 L0 15 Z', o('#ffd36e')) +
    path('M-13 -12 Q0 -16 13 -12 L11 -8 Q0 -11 -11 -8 Z', o('#e0a35b')) +
    circle(-3, -3, 2.6, o('#ff5c5c')) +
    circle(3, 4, 2.2, o('#ff5c5c')),
  // 25 rainbow
  () =>
    ['#ff5c5c', '#ffd84d', '#3ecf8e', '#5ad1ff']
      .map((c, i) => stroke(`M${-14 + i * 3.4} 10 A${14 - i * 3.4} ${14 - i * 3.4} 0 0 1 ${14 - i * 3.4} 10`, 3.4, c))
      .join(''),
  // 26 checkerboard
  () =>
    rect(-12, -12, 24, 24, 2, o('#ffffff')) +
    rect(-12, -12, 12, 12, 1, { fill: '#2b2238', stroke: false }) +
    rect(0, 0, 12, 12, 1, { fill: '#2b2238', stroke: false }) +
    rect(-12, -12, 24, 24, 2, o('none')),
  // 27 ghost
  () =>
    path('M-11 14 L-11 -2 Q-11 -14 0 -14 Q11 -14 11 -2 L11 14 L6 10 L2 14 L-2 10 L-6 14 Z', o('#ffffff')) +
    ellipse(-4, -3, 2, 3, { fill: '#2b2238', stroke: false }) +
    ellipse(4, -3, 2, 3, { fill: '#2b2238', stroke: false }),
  // 28 leaf
  () => path('M-12 12 Q-14 -10 12 -13 Q14 10 -12 12 Z', o('#5bd17a')) + stroke('M-12 12 L6 -6', 2),
  // 29 anchor
  () => stroke('M0 -8 L0 13 M-12 4 Q-10 13 0 13 Q10 13 12 4 M-6 -3 L6 -3', W + 0.6) + circle(0, -11, 3.5, o('none')),
  // 30 cactus
  () =>
    rect(-4, -14, 8, 28, 4, o('#5bd17a')) +
    path('M-4 2 L-9 2 Q-12 2 -12 -2 L-12 -7', { fill: 'none', width: W + 0.8 }) +
    path('M4 -2 L9 -2 Q12 -2 12 -6 L12 -10', { fill: 'none', width: W + 0.8 }),
  // 31 coffee cup
  () =>
    path('M-12 -6 L8 -6 L6 12 Q5 14 2 14 L-7 14 Q-10 14 -10 12 Z', o('#ffffff')) +
    path('M8 -2 Q15 -2 14 4 Q13 8 7 8', o('none')) +
    stroke('M-6 -10 Q-4 -13 -6 -15 M0 -10 Q2 -13 0 -15', 2),
  // 32 ice cream
  () =>
    path('M-8 0 L0 15 L8 0 Z', o('#e7b36e')) +
    circle(0, -5, 9, o('#ff9ec4')) +
    circle(3, -8, 2, { fill: '#fff', stroke: false, opacity: 0.7 }),
];

export const PRINT_COUNT = PRINTS.length;

/** Print n (1–32) on the chest. */
export function print(n: number, cx = 100, cy = 196, scale = 0.95): string {
  const draw = PRINTS[(n - 1) % PRINTS.length];
  if (!draw) return '';
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">${draw()}</g>`;
}
