/** Eyes, noses, mouths and cheeks: the same few shapes on every character, so they read as one family. */
import { INK, circle, ellipse, path, stroke } from './ink';

export type EyeKind = 'dot' | 'happy' | 'sleepy' | 'wink' | 'sparkle' | 'wide' | 'none';
export type MouthKind = 'smile' | 'cat' | 'open' | 'grin' | 'o' | 'teeth' | 'fang' | 'none';
export type NoseKind = 'button' | 'heart' | 'snout' | 'dot' | 'none';

export interface Face {
  eyes: EyeKind;
  mouth: MouthKind;
  nose?: NoseKind;
  noseColor?: string;
  /** Half the distance between the eyes. */
  eyeGap?: number;
  eyeY?: number;
  eyeSize?: number;
  mouthY?: number;
  blush?: string | false;
  /** Colour of the inside of an open mouth. */
  mouthInside?: string;
}

export function face(spec: Face): string {
  const gap = spec.eyeGap ?? 24;
  const eyeY = spec.eyeY ?? 102;
  const size = spec.eyeSize ?? 1;
  const mouthY = spec.mouthY ?? 128;
  const parts: string[] = [];
  if (spec.blush !== false) {
    const pink = spec.blush ?? '#ff7fa3';
    parts.push(ellipse(100 - gap - 12, eyeY + 18, 10, 6, { fill: pink, stroke: false, opacity: 0.55 }));
    parts.push(ellipse(100 + gap + 12, eyeY + 18, 10, 6, { fill: pink, stroke: false, opacity: 0.55 }));
  }
  parts.push(eye(spec.eyes === 'wink' ? 'happy' : spec.eyes, 100 - gap, eyeY, size));
  parts.push(eye(spec.eyes === 'wink' ? 'dot' : spec.eyes, 100 + gap, eyeY, size));
  parts.push(nose(spec.nose ?? 'button', mouthY - 12, spec.noseColor ?? INK));
  parts.push(mouth(spec.mouth, mouthY, spec.mouthInside ?? '#e2557a'));
  return parts.join('');
}

export function eye(kind: EyeKind, x: number, y: number, size = 1): string {
  const s = size;
  switch (kind) {
    case 'none':
      return '';
    case 'happy':
      return stroke(`M${x - 8 * s} ${y + 3 * s} Q${x} ${y - 9 * s} ${x + 8 * s} ${y + 3 * s}`, 4);
    case 'sleepy':
      return (
        path(`M${x - 8 * s} ${y} A${8 * s} ${8 * s} 0 0 0 ${x + 8 * s} ${y} Z`, { fill: INK, stroke: false }) +
        stroke(`M${x - 10 * s} ${y - 1} L${x + 10 * s} ${y - 1}`, 3.5) +
        circle(x + 3 * s, y + 3 * s, 1.8 * s, { fill: '#fff', stroke: false })
      );
    case 'wide':
      return (
        ellipse(x, y, 11 * s, 12 * s, { fill: '#fff' }) +
        ellipse(x + 1, y + 2, 6 * s, 7 * s, { fill: INK, stroke: false }) +
        circle(x + 3 * s, y - 1 * s, 2.2 * s, { fill: '#fff', stroke: false })
      );
    case 'sparkle':
      return (
        ellipse(x, y, 8 * s, 10 * s, { fill: INK, stroke: false }) +
        circle(x + 3 * s, y - 4 * s, 3.4 * s, { fill: '#fff', stroke: false }) +
        circle(x - 3 * s, y + 4 * s, 1.7 * s, { fill: '#fff', stroke: false }) +
        circle(x + 3.5 * s, y + 4.5 * s, 1 * s, { fill: '#fff', stroke: false })
      );
    case 'dot':
    case 'wink':
    default:
      return (
        ellipse(x, y, 7 * s, 9 * s, { fill: INK, stroke: false }) +
        circle(x + 2.5 * s, y - 3.5 * s, 2.8 * s, { fill: '#fff', stroke: false }) +
        circle(x - 2.5 * s, y + 4 * s, 1.2 * s, { fill: '#fff', stroke: false })
      );
  }
}

function nose(kind: NoseKind, y: number, color: string): string {
  switch (kind) {
    case 'none':
      return '';
    case 'dot':
      return ellipse(100, y, 3.5, 2.5, { fill: color, stroke: false });
    case 'heart':
      return path(
        `M100 ${y + 4} C92 ${y - 1} 93 ${y - 6} 97 ${y - 5} Q100 ${y - 4} 100 ${y - 2} Q100 ${y - 4} 103 ${y - 5} C107 ${y - 6} 108 ${y - 1} 100 ${y + 4} Z`,
        {
          fill: color,
          width: 2.5,
        },
      );
    case 'snout':
      return (
        ellipse(100, y + 2, 15, 10, { fill: color }) +
        ellipse(95, y + 2, 2.6, 4, { fill: INK, stroke: false }) +
        ellipse(105, y + 2, 2.6, 4, { fill: INK, stroke: false })
      );
    case 'button':
    default:
      return (
        ellipse(100, y, 7, 5, { fill: color, stroke: false }) +
        ellipse(98, y - 1.5, 2.5, 1.4, { fill: '#fff', stroke: false, opacity: 0.5 })
      );
  }
}

function mouth(kind: MouthKind, y: number, inside: string): string {
  switch (kind) {
    case 'none':
      return '';
    case 'cat':
      return stroke(`M89 ${y - 2} Q94 ${y + 5} 100 ${y - 1} Q106 ${y + 5} 111 ${y - 2}`, 3);
    case 'open':
      return (
        path(`M88 ${y - 3} Q100 ${y - 1} 112 ${y - 3} Q110 ${y + 12} 100 ${y + 12} Q90 ${y + 12} 88 ${y - 3} Z`, {
          fill: inside,
          width: 3,
        }) + ellipse(100, y + 8, 6, 3.2, { fill: '#ff9db5', stroke: false })
      );
    case 'grin':
      return (
        path(`M84 ${y - 4} Q100 ${y} 116 ${y - 4} Q112 ${y + 13} 100 ${y + 13} Q88 ${y + 13} 84 ${y - 4} Z`, {
          fill: inside,
          width: 3,
        }) +
        path(`M88 ${y - 2.6} Q100 ${y} 112 ${y - 2.6} L111 ${y + 2} Q100 ${y + 4} 89 ${y + 2} Z`, {
          fill: '#fff',
          stroke: false,
        })
      );
    case 'o':
      return ellipse(100, y + 2, 4.5, 5.5, { fill: inside, width: 3 });
    case 'teeth':
      return (
        stroke(`M90 ${y - 2} Q100 ${y + 5} 110 ${y - 2}`, 3) +
        path(`M95 ${y + 1.5} L95 ${y + 8} L105 ${y + 8} L105 ${y + 1.5}`, { fill: '#fff', width: 2.5 }) +
        stroke(`M100 ${y + 2.5} L100 ${y + 8}`, 2)
      );
    case 'fang':
      return (
        stroke(`M88 ${y - 2} Q100 ${y + 6} 112 ${y - 2}`, 3) +
        path(`M93 ${y + 1} L96 ${y + 7} L99 ${y + 2.4}`, { fill: '#fff', width: 2 }) +
        path(`M101 ${y + 2.4} L104 ${y + 7} L107 ${y + 1}`, { fill: '#fff', width: 2 })
      );
    case 'smile':
    default:
      return stroke(`M91 ${y - 2} Q100 ${y + 6} 109 ${y - 2}`, 3.2);
  }
}
