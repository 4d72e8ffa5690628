/** Birds, amphibians, reptiles and the imaginary: heads that need beaks, gills, horns or antennae. */
import { batEars, pointyEars } from './ears';
import type { Species } from './head-art';
import { INK, circle, ellipse, limb, mirrored, path, rect, stroke } from './ink';

export const penguin: Species = (p) => ({
  shape: 'round',
  markings: path(
    'M100 78 C84 56 42 62 44 104 C46 140 76 160 100 160 C124 160 154 140 156 104 C158 62 116 56 100 78 Z',
    {
      fill: p.light,
      stroke: false,
    },
  ),
  face: { eyes: 'dot', mouth: 'none', nose: 'none', eyeY: 104 },
  front: path('M86 118 Q100 112 114 118 Q108 134 100 134 Q92 134 86 118 Z', { fill: p.inner, width: 3 }),
});

export const owl: Species = (p) => ({
  shape: 'tall',
  back: mirrored(path('M50 70 L38 26 Q60 34 80 52 Z', { fill: p.fur })),
  markings:
    path('M70 40 L100 68 L130 40 Z', { fill: p.dark, stroke: false, opacity: 0.5 }) +
    mirrored(circle(76, 102, 23, { fill: p.light, width: 3 })),
  front: path('M92 118 L108 118 L100 134 Z', { fill: p.inner, width: 3 }),
  face: { eyes: 'sparkle', mouth: 'none', nose: 'none', eyeGap: 24, eyeY: 102, eyeSize: 1.05, blush: false },
});

export const frog: Species = (p) => ({
  shape: 'wide',
  back: mirrored(circle(70, 62, 24, { fill: p.fur })),
  markings: ellipse(100, 150, 48, 24, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'none', nose: 'none', eyeGap: 30, eyeY: 60, eyeSize: 1.1 },
  front:
    stroke('M60 116 Q100 144 140 116', 3.5) +
    circle(94, 104, 2, { fill: INK, stroke: false }) +
    circle(106, 104, 2, { fill: INK, stroke: false }),
});

export const duck: Species = (p) => ({
  shape: 'round',
  back: path('M96 48 Q88 30 98 22 Q100 34 106 28 Q112 38 104 48 Z', { fill: p.fur }),
  face: { eyes: 'dot', mouth: 'none', nose: 'none', eyeY: 100 },
  front:
    ellipse(100, 124, 26, 12, { fill: p.inner }) +
    stroke('M78 124 Q100 130 122 124', 2.5) +
    ellipse(92, 118, 5, 2, { fill: '#fff', stroke: false, opacity: 0.4 }),
});

export const dino: Species = (p) => ({
  shape: 'round',
  back: [76, 100, 124]
    .map((x, i) => path(`M${x - 15} 60 Q${x} ${i === 1 ? 6 : 20} ${x + 15} 60 Z`, { fill: p.dark }))
    .join(''),
  markings: ellipse(100, 150, 56, 28, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'grin', nose: 'none', eyeY: 98, mouthY: 128 },
  front: circle(92, 114, 2.2, { fill: INK, stroke: false }) + circle(108, 114, 2.2, { fill: INK, stroke: false }),
});

export const robot: Species = (p) => ({
  shape: 'square',
  back:
    limb('M100 50 L100 26', 5, p.dark) +
    circle(100, 20, 8, { fill: p.inner }) +
    mirrored(rect(30, 86, 16, 32, 6, { fill: p.dark })),
  markings: '',
  customFace:
    rect(56, 72, 88, 66, 18, { fill: '#252a40' }) +
    mirrored(
      ellipse(80, 100, 7, 9, { fill: p.light, stroke: false }) + circle(82, 97, 2.2, { fill: '#fff', stroke: false }),
    ) +
    stroke('M88 118 Q100 126 112 118', 3.5, p.light) +
    mirrored(ellipse(66, 124, 6, 3.5, { fill: '#ff7fa3', stroke: false, opacity: 0.7 })) +
    mirrored(circle(52, 148, 2.5, { fill: p.dark, stroke: false })),
});

export const alien: Species = (p) => ({
  shape: 'tall',
  back: mirrored(limb('M78 48 Q70 30 62 18', 4, p.fur) + circle(60, 15, 8, { fill: p.inner })),
  customFace:
    mirrored(
      `<g transform="rotate(18 76 100)">${ellipse(76, 100, 14, 19, { fill: INK, stroke: false })}</g>` +
        circle(79, 93, 4.5, { fill: '#fff', stroke: false }) +
        circle(72, 108, 2, { fill: '#fff', stroke: false }),
    ) +
    mirrored(ellipse(62, 128, 9, 5, { fill: '#ff7fa3', stroke: false, opacity: 0.55 })) +
    stroke('M92 132 Q100 138 108 132', 3),
});

export const ghost: Species = (p) => ({
  shape: 'drop',
  markings: ellipse(100, 150, 60, 18, { fill: p.light, stroke: false, opacity: 0.6 }),
  face: { eyes: 'dot', mouth: 'o', nose: 'none', eyeY: 106, mouthY: 130, blush: p.inner },
});

export const unicorn: Species = (p) => ({
  shape: 'round',
  back:
    path('M90 50 L100 4 L110 50 Z', { fill: '#ffd86b' }) +
    stroke('M93 38 L107 32 M95 26 L105 22', 2.5) +
    pointyEars(p.fur, p.inner),
  face: { eyes: 'sparkle', mouth: 'smile', nose: 'none', eyeY: 106, mouthY: 130 },
  front:
    path('M100 46 C84 40 60 48 52 70 C64 64 72 66 78 74 C80 62 90 54 100 52 Z', { fill: p.dark }) +
    path('M100 46 C116 38 140 44 150 64 C138 60 128 62 122 70 C118 58 110 52 100 52 Z', { fill: p.light }) +
    path('M100 46 C96 56 98 66 106 74 C108 64 104 54 100 46 Z', { fill: p.inner }),
});

export const dragon: Species = (p) => ({
  shape: 'round',
  back:
    mirrored(path('M66 54 Q56 30 64 14 Q74 30 82 48 Z', { fill: p.inner })) +
    mirrored(path('M44 94 L14 78 L28 96 L10 100 L30 108 L18 120 L44 114 Z', { fill: p.dark })),
  markings: ellipse(100, 138, 40, 24, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'fang', nose: 'none', mouthY: 134 },
  front:
    ellipse(92, 122, 2.5, 3, { fill: INK, stroke: false }) + ellipse(108, 122, 2.5, 3, { fill: INK, stroke: false }),
});

export const yeti: Species = (p) => {
  // A shaggy ring of fur all round, and a fringe falling over the forehead.
  let shag = '';
  const tufts = 16;
  for (let i = 0; i < tufts; i++) {
    const a = (i / tufts) * Math.PI * 2;
    const b = ((i + 1) / tufts) * Math.PI * 2;
    const tip = ((i + 0.5) / tufts) * Math.PI * 2;
    const at = (angle: number, r: number) =>
      `${(100 + Math.cos(angle) * r).toFixed(1)} ${(102 + Math.sin(angle) * r * 0.92).toFixed(1)}`;
    shag += `M${at(a, 56)} Q${at(tip - 0.05, 74)} ${at(tip + 0.08, 76)} Q${at(tip + 0.1, 68)} ${at(b, 56)} `;
  }
  return {
    shape: 'round',
    back: path(`${shag}Z`, { fill: p.fur }),
    markings: ellipse(100, 116, 42, 34, { fill: p.light, stroke: false }),
    face: { eyes: 'dot', mouth: 'fang', nose: 'button', eyeY: 110, mouthY: 136, noseColor: p.dark },
    front: path(
      'M58 74 Q70 60 84 66 Q92 58 100 66 Q108 58 116 66 Q130 60 142 74 Q128 70 120 84 Q112 74 100 86 Q88 74 80 84 Q72 70 58 74 Z',
      {
        fill: p.fur,
      },
    ),
  };
};

export const axolotl: Species = (p) => ({
  shape: 'wide',
  back: mirrored(
    limb('M46 82 Q30 70 18 64', 9, p.inner) +
      limb('M42 98 Q24 96 10 98', 9, p.inner) +
      limb('M46 114 Q30 124 20 134', 9, p.inner),
  ),
  markings: ellipse(100, 150, 50, 20, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'none', nose: 'none', eyeGap: 34, eyeY: 100 },
  front: stroke('M76 124 Q100 138 124 124', 3.2),
});

export const bat: Species = (p) => ({
  shape: 'round',
  back: batEars(p.fur, p.inner),
  markings:
    ellipse(100, 132, 30, 22, { fill: p.light, stroke: false }) +
    path('M88 44 L100 62 L112 44 Z', { fill: p.dark, stroke: false }),
  face: { eyes: 'sparkle', mouth: 'fang', nose: 'dot', noseColor: p.dark, mouthY: 130 },
});
