/** Things worn on the head: split into what goes behind the head and what goes in front. */
import { circle, ellipse, limb, mirrored, path, rect, stroke, tint } from './ink';

export type AccessoryKind =
  'none' | 'headphones' | 'beanie' | 'cap' | 'bow' | 'glasses' | 'shades' | 'crown' | 'flower' | 'bandana' | 'visor';

export interface Accessory {
  kind: AccessoryKind;
  color: string;
  /** A second colour: lenses, pompoms, petals' middles. */
  second?: string;
}

export function accessoryLayers({ kind, color, second = '#ffffff' }: Accessory): { back: string; front: string } {
  switch (kind) {
    case 'headphones':
      return {
        back: '',
        front:
          limb('M40 104 C36 30 164 30 160 104', 7, color) +
          mirrored(
            rect(24, 86, 24, 40, 11, { fill: color }) +
              rect(40, 92, 10, 28, 5, { fill: second }) +
              ellipse(31, 96, 3, 6, { fill: '#fff', stroke: false, opacity: 0.35 }),
          ),
      };
    case 'beanie':
      return {
        back: '',
        front:
          path('M38 84 C36 34 164 34 162 84 Z', { fill: color }) +
          [62, 78, 94, 110, 126, 142].map((x) => stroke(`M${x} 48 L${x} 80`, 2, tint(color, -0.25))).join('') +
          rect(32, 74, 136, 20, 10, { fill: tint(color, -0.15) }) +
          circle(100, 32, 12, { fill: second }),
      };
    case 'cap':
      return {
        back: '',
        front:
          path('M42 78 C40 30 160 30 158 78 Z', { fill: color }) +
          path('M98 36 C92 46 92 70 96 78', { fill: 'none', width: 2.5 }) +
          path('M100 70 Q150 62 176 76 Q150 90 100 84 Z', { fill: tint(color, -0.2) }) +
          circle(100, 36, 5, { fill: second }),
      };
    case 'bow':
      return {
        back: '',
        front:
          path('M118 58 L102 44 Q96 58 102 72 Z', { fill: color }) +
          path('M118 58 L136 46 Q142 60 134 72 Z', { fill: color }) +
          circle(118, 58, 6, { fill: tint(color, -0.2) }),
      };
    case 'glasses':
      return {
        back: '',
        front:
          mirrored(
            circle(76, 102, 16, { fill: '#ffffff', opacity: 0.18, width: 0 }) +
              circle(76, 102, 16, { fill: 'none', width: 4 }),
          ) +
          stroke('M92 100 Q100 95 108 100', 3.5) +
          mirrored(stroke('M60 98 L44 94', 3.5)),
      };
    case 'shades':
      return {
        back: '',
        front:
          mirrored(
            path('M56 92 L94 92 Q94 118 76 118 Q58 118 56 92 Z', { fill: color }) +
              path('M62 96 L74 96 L66 106 Z', { fill: '#fff', stroke: false, opacity: 0.45 }),
          ) +
          stroke('M94 94 L106 94', 3.5) +
          mirrored(stroke('M56 94 L42 90', 3.5)),
      };
    case 'crown':
      return {
        back: '',
        front:
          path('M66 58 L62 22 L82 40 L100 16 L118 40 L138 22 L134 58 Z', { fill: color }) +
          circle(100, 42, 5, { fill: second }) +
          mirrored(circle(78, 48, 3.5, { fill: second, width: 2 })) +
          mirrored(circle(62, 22, 3.5, { fill: color, width: 2.5 })) +
          circle(100, 16, 3.5, { fill: color, width: 2.5 }),
      };
    case 'flower':
      return {
        back: '',
        front:
          [0, 72, 144, 216, 288]
            .map((deg) => `<g transform="rotate(${deg} 132 58)">${ellipse(132, 46, 8, 11, { fill: color })}</g>`)
            .join('') + circle(132, 58, 7, { fill: second }),
      };
    case 'bandana':
      return {
        back: '',
        front:
          path('M38 80 C44 50 156 50 162 80 L160 92 C130 80 70 80 40 92 Z', { fill: color }) +
          [60, 84, 116, 140].map((x) => circle(x, 76, 2.6, { fill: second, stroke: false })).join('') +
          path('M160 84 L180 70 L176 92 Z', { fill: color }),
      };
    case 'visor':
      return {
        back: '',
        front:
          path('M46 88 Q100 74 154 88 L150 112 Q100 102 50 112 Z', { fill: color, opacity: 0.92 }) +
          path('M58 90 Q80 85 96 86 L92 94 Q74 94 58 98 Z', { fill: '#fff', stroke: false, opacity: 0.5 }),
      };
    case 'none':
    default:
      return { back: '', front: '' };
  }
}
