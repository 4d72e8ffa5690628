/**
 * Bodies: one silhouette, many outfits. Everyone stands the same way, arms
 * bent forward as if at the decks, sleeves over their hands ("sweater
 * paws"), so that any head fits any body in the custom avatar maker and no
 * skin colour has to match.
 */
import { INK, circle, ellipse, limb, mirrored, path, rect, shine, stroke, tint } from './ink';

export type OutfitKind =
  | 'hoodie'
  | 'sweater'
  | 'stripes'
  | 'jacket'
  | 'overalls'
  | 'varsity'
  | 'tracksuit'
  | 'raincoat'
  | 'dress'
  | 'tux'
  | 'sequin'
  | 'spacesuit';

export interface Outfit {
  kind: OutfitKind;
  main: string;
  second: string;
  pants?: string;
  shoes?: string;
}

const TORSO =
  'M66 150 Q100 144 134 150 Q147 154 148 170 L152 240 Q153 256 138 256 L62 256 Q47 256 48 240 L52 170 Q53 154 66 150 Z';
const LEFT_ARM = 'M60 164 Q42 192 48 220 Q52 236 70 236';

function legs(pants: string, shoes: string): string {
  return (
    rect(70, 240, 27, 42, 11, { fill: pants }) +
    rect(103, 240, 27, 42, 11, { fill: pants }) +
    ellipse(82, 284, 18, 10, { fill: shoes }) +
    ellipse(118, 284, 18, 10, { fill: shoes }) +
    mirrored(path('M66 288 Q82 294 98 288', { fill: 'none', width: 2.5 }))
  );
}

function arms(sleeve: string, cuff: string, stripe?: string): string {
  const arm =
    limb(LEFT_ARM, 22, sleeve) +
    (stripe ? stroke('M52 172 Q36 196 40 218', 4, stripe) : '') +
    circle(72, 236, 13, { fill: cuff }) +
    stroke('M66 226 Q72 240 66 246', 2.4, tint(cuff, -0.3));
  return mirrored(arm);
}

function torso(fill: string): string {
  return path(TORSO, { fill }) + shine(78, 176, 14, 20);
}

function pocket(color: string): string {
  return path('M72 228 Q72 216 84 216 L116 216 Q128 216 128 228 L128 250 L72 250 Z', { fill: color, width: 3 });
}

export function body({ kind, main, second, pants = '#3d4b73', shoes = '#f4f1fb' }: Outfit): string {
  const dark = tint(main, -0.2);
  switch (kind) {
    case 'hoodie':
      return (
        legs(pants, shoes) +
        torso(main) +
        path('M70 150 Q100 174 130 150 Q122 142 100 146 Q78 142 70 150 Z', { fill: dark }) +
        stroke('M92 160 L90 184 M108 160 L110 184', 2.5, second) +
        pocket(dark) +
        arms(main, dark)
      );
    case 'sweater':
      return (
        legs(pants, shoes) +
        torso(main) +
        rect(50, 244, 102, 12, 6, { fill: dark }) +
        path('M80 150 Q100 162 120 150', { fill: 'none', width: 5 }) +
        arms(main, second)
      );
    case 'stripes':
      return (
        legs(pants, shoes) +
        `<clipPath id="torso-clip"><path d="${TORSO}"/></clipPath>` +
        torso(main) +
        `<g clip-path="url(#torso-clip)">${[170, 206, 242].map((y) => rect(40, y, 120, 14, 0, { fill: second, stroke: false })).join('')}</g>` +
        path(TORSO, { fill: 'none' }) +
        arms(main, second, second)
      );
    case 'jacket':
      return (
        legs(pants, shoes) +
        torso(second) +
        path('M66 150 Q53 154 52 170 L48 240 Q47 256 62 256 L84 256 L84 170 Z', { fill: main }) +
        path('M134 150 Q147 154 148 170 L152 240 Q153 256 138 256 L116 256 L116 170 Z', { fill: main }) +
        mirrored(path('M70 150 L84 170 L74 180 Z', { fill: dark })) +
        arms(main, dark)
      );
    case 'overalls':
      return (
        legs(second, shoes) +
        torso(main) +
        path('M70 186 L130 186 L134 256 L66 256 Z', { fill: second }) +
        mirrored(
          stroke('M70 152 L74 188', 6, INK) +
            stroke('M70 152 L74 188', 3, second) +
            circle(75, 190, 3.6, { fill: '#ffd86b', width: 2 }),
        ) +
        rect(88, 212, 24, 18, 5, { fill: tint(second, 0.15), width: 2.5 }) +
        arms(main, dark)
      );
    case 'varsity':
      return (
        legs(pants, shoes) +
        torso(main) +
        path('M74 150 Q100 166 126 150', { fill: 'none', width: 6 }) +
        rect(50, 244, 102, 10, 5, { fill: '#fff' }) +
        stroke('M100 160 L100 252', 2.5, tint(main, -0.35)) +
        arms(second, '#ffffff')
      );
    case 'tracksuit':
      return (
        legs(main, shoes) +
        mirrored(stroke('M78 244 L78 280', 3, second)) +
        torso(main) +
        stroke('M100 152 L100 254', 3, INK) +
        path('M82 150 L100 160 L118 150', { fill: 'none', width: 3 }) +
        arms(main, dark, second)
      );
    case 'raincoat':
      return (
        legs(pants, shoes) +
        torso(main) +
        path('M74 150 L100 170 L126 150', { fill: dark, width: 3 }) +
        [184, 208, 232].map((y) => circle(100, y, 4, { fill: second, width: 2 })).join('') +
        arms(main, dark)
      );
    case 'dress':
      return (
        legs(pants, shoes) +
        path(
          'M66 150 Q100 144 134 150 Q147 154 146 176 L160 252 Q161 262 150 262 L50 262 Q39 262 40 252 L54 176 Q53 154 66 150 Z',
          { fill: main },
        ) +
        shine(78, 176, 14, 20) +
        path('M48 226 Q100 238 152 226', { fill: 'none', width: 3 }) +
        [72, 100, 128].map((x) => circle(x, 246, 4, { fill: second, stroke: false })).join('') +
        arms(main, second)
      );
    case 'tux':
      return (
        legs(pants, shoes) +
        torso(main) +
        path('M82 150 L100 150 L118 150 L112 256 L88 256 Z', { fill: '#ffffff' }) +
        mirrored(path('M82 150 L100 196 L86 212 L68 156 Z', { fill: tint(main, 0.12) })) +
        path('M88 158 L100 164 L88 170 Z M112 158 L100 164 L112 170 Z', { fill: second, width: 2.5 }) +
        circle(100, 164, 3.5, { fill: second, width: 2 }) +
        arms(main, '#ffffff')
      );
    case 'sequin':
      return (
        legs(pants, shoes) +
        torso(main) +
        [
          [70, 180],
          [128, 176],
          [80, 236],
          [120, 232],
          [64, 214],
          [136, 210],
        ]
          .map(([x, y]) =>
            path(
              `M${x} ${(y ?? 0) - 6} L${(x ?? 0) + 2} ${(y ?? 0) - 2} L${(x ?? 0) + 6} ${y} L${(x ?? 0) + 2} ${(y ?? 0) + 2} L${x} ${(y ?? 0) + 6} L${(x ?? 0) - 2} ${(y ?? 0) + 2} L${(x ?? 0) - 6} ${y} L${(x ?? 0) - 2} ${(y ?? 0) - 2} Z`,
              { fill: '#fff', stroke: false, opacity: 0.85 },
            ),
          )
          .join('') +
        path('M74 150 L100 172 L126 150', { fill: second, width: 3 }) +
        arms(main, second)
      );
    case 'spacesuit':
      return (
        legs(main, second) +
        torso(main) +
        rect(78, 168, 44, 30, 8, { fill: tint(main, -0.12) }) +
        circle(88, 183, 4, { fill: '#ff6b6b', width: 2 }) +
        circle(100, 183, 4, { fill: '#ffd86b', width: 2 }) +
        circle(112, 183, 4, { fill: '#5ad1ff', width: 2 }) +
        rect(50, 240, 102, 10, 5, { fill: second }) +
        arms(main, second, second)
      );
    default:
      return legs(pants, shoes) + torso(main) + arms(main, dark);
  }
}
