/** Furry heads. Each species is a function of its palette, so one species can appear in several colourings. */
import { floppyEars, longEars, pointyEars, roundEars, sideEars } from './ears';
import type { Species } from './head-art';
import { INK, circle, ellipse, mirrored, path, stroke } from './ink';

const whiskers = (color = INK) =>
  mirrored(stroke('M58 122 L36 118', 2.2, color) + stroke('M58 128 L36 130', 2.2, color));

export const panda: Species = (p) => ({
  shape: 'round',
  back: roundEars(p.dark, p.dark, 20),
  markings: mirrored(
    `<g transform="rotate(-28 75 104)">${ellipse(75, 104, 17, 21, { fill: p.dark, stroke: false })}</g>`,
  ),
  face: { eyes: 'wide', mouth: 'cat', nose: 'button', eyeGap: 25, eyeSize: 0.8, noseColor: p.dark },
});

export const mouse: Species = (p) => ({
  shape: 'round',
  back: roundEars(p.fur, p.inner, 30, 44, 52),
  markings: ellipse(100, 134, 30, 20, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'cat', nose: 'heart', noseColor: p.inner },
  front: whiskers(),
});

export const fox: Species = (p) => ({
  shape: 'round',
  back: pointyEars(p.fur, p.light, p.dark),
  markings: path('M30 104 Q66 96 100 132 Q134 96 170 104 L170 170 L30 170 Z', { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'cat', nose: 'button', noseColor: p.dark },
});

export const raccoon: Species = (p) => ({
  shape: 'round',
  back: pointyEars(p.fur, p.dark),
  markings:
    path('M30 90 Q66 80 100 98 Q134 80 170 90 L170 114 Q132 124 100 112 Q68 124 30 114 Z', {
      fill: p.dark,
      stroke: false,
    }) +
    ellipse(100, 134, 27, 20, { fill: p.light, stroke: false }) +
    path('M92 44 L100 84 L108 44 Z', { fill: p.dark, stroke: false }),
  face: { eyes: 'wide', mouth: 'cat', nose: 'button', eyeSize: 0.85 },
});

export const bear: Species = (p) => ({
  shape: 'round',
  back: roundEars(p.fur, p.inner, 20),
  markings: ellipse(100, 130, 25, 19, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'smile', nose: 'button', noseColor: p.dark },
});

export const koala: Species = (p) => ({
  shape: 'round',
  back: mirrored(ellipse(44, 72, 30, 28, { fill: p.fur }) + ellipse(46, 74, 18, 16, { fill: p.light, stroke: false })),
  face: { eyes: 'dot', mouth: 'smile', nose: 'none', eyeGap: 30, mouthY: 140, eyeY: 100 },
  front:
    ellipse(100, 118, 12, 16, { fill: p.dark }) +
    ellipse(96, 111, 3.5, 5, { fill: '#fff', stroke: false, opacity: 0.45 }),
});

export const pig: Species = (p) => ({
  shape: 'round',
  back: mirrored(path('M48 76 L46 36 Q60 38 84 52 Z', { fill: p.fur })),
  front: mirrored(path('M50 66 L52 44 Q64 48 76 56 Z', { fill: p.inner, stroke: false })),
  face: { eyes: 'dot', mouth: 'smile', nose: 'snout', noseColor: p.inner, mouthY: 146, eyeY: 98 },
});

export const monkey: Species = (p) => ({
  shape: 'round',
  back: mirrored(
    ellipse(38, 106, 19, 19, { fill: p.fur }) + ellipse(38, 106, 11, 11, { fill: p.light, stroke: false }),
  ),
  markings:
    mirrored(circle(80, 100, 23, { fill: p.light, stroke: false })) +
    ellipse(100, 132, 36, 25, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'open', nose: 'dot', noseColor: p.dark, mouthY: 134 },
});

function mane(color: string): string {
  const bumps = 16;
  let d = '';
  for (let i = 0; i <= bumps; i++) {
    const a = (i / bumps) * Math.PI * 2;
    const x = 100 + Math.cos(a) * 78;
    const y = 104 + Math.sin(a) * 74;
    if (i === 0) d += `M${x.toFixed(1)} ${y.toFixed(1)}`;
    else {
      const mid = a - Math.PI / bumps;
      const cx = 100 + Math.cos(mid) * 94;
      const cy = 104 + Math.sin(mid) * 90;
      d += ` Q${cx.toFixed(1)} ${cy.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)}`;
    }
  }
  return path(`${d} Z`, { fill: color });
}

export const lion: Species = (p) => ({
  shape: 'round',
  back: mane(p.dark) + roundEars(p.fur, p.inner, 15, 56, 58),
  markings: ellipse(100, 132, 28, 20, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'cat', nose: 'heart', noseColor: '#8a4b32' },
});

export const tiger: Species = (p) => ({
  shape: 'round',
  back: roundEars(p.fur, p.light, 18, 54, 56),
  markings:
    ellipse(100, 138, 36, 24, { fill: p.light, stroke: false }) +
    path('M92 44 L100 70 L108 44 Z', { fill: p.dark, stroke: false }) +
    path('M80 46 L86 62 L90 46 Z', { fill: p.dark, stroke: false }) +
    path('M110 46 L114 62 L120 46 Z', { fill: p.dark, stroke: false }) +
    mirrored(
      path('M34 96 L58 100 L34 106 Z', { fill: p.dark, stroke: false }) +
        path('M36 116 L56 118 L38 124 Z', { fill: p.dark, stroke: false }),
    ),
  face: { eyes: 'dot', mouth: 'cat', nose: 'heart', noseColor: p.inner },
});

export const puppy: Species = (p) => ({
  shape: 'round',
  markings:
    ellipse(126, 100, 18, 17, { fill: p.dark, stroke: false, opacity: 0.9 }) +
    ellipse(100, 134, 28, 20, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'open', nose: 'button', mouthY: 130 },
  front: floppyEars(p.dark),
});

export const sheep: Species = (p) => {
  let wool = '';
  for (let i = 0; i < 7; i++) {
    const a = Math.PI * (1.1 + (i / 6) * 0.8);
    wool += circle(100 + Math.cos(a) * 50, 92 + Math.sin(a) * 44, 18, { fill: p.light });
  }
  return {
    shape: 'round',
    back: sideEars(p.fur, p.inner, 96) + circle(100, 44, 22, { fill: p.light }),
    face: { eyes: 'happy', mouth: 'smile', nose: 'heart', noseColor: p.inner, eyeY: 110, mouthY: 138 },
    front: wool + circle(100, 52, 18, { fill: p.light }),
  };
};

export const hamster: Species = (p) => ({
  shape: 'wide',
  back: roundEars(p.fur, p.inner, 15, 56, 62),
  markings: ellipse(100, 146, 64, 36, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'teeth', nose: 'dot', noseColor: p.inner, eyeY: 104, mouthY: 132, eyeGap: 28 },
});

export const otter: Species = (p) => ({
  shape: 'round',
  back: mirrored(ellipse(42, 80, 11, 11, { fill: p.fur })),
  markings: ellipse(100, 128, 46, 30, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'cat', nose: 'button', eyeY: 98, noseColor: p.dark },
  front: mirrored(
    circle(84, 124, 1.8, { fill: INK, stroke: false }) +
      circle(78, 130, 1.8, { fill: INK, stroke: false }) +
      circle(86, 132, 1.8, { fill: INK, stroke: false }),
  ),
});

export const hedgehog: Species = (p) => {
  let spikes = 'M30 124';
  for (let i = 0; i <= 12; i++) {
    const a = Math.PI * (0.92 + (i / 12) * 1.16);
    const tip = `${(100 + Math.cos(a) * 88).toFixed(1)} ${(104 + Math.sin(a) * 84).toFixed(1)}`;
    const next = Math.PI * (0.92 + ((i + 0.5) / 12) * 1.16);
    spikes += ` L${tip} L${(100 + Math.cos(next) * 64).toFixed(1)} ${(104 + Math.sin(next) * 60).toFixed(1)}`;
  }
  return {
    shape: 'round',
    back: path(`${spikes} L170 124 Z`, { fill: p.dark }),
    markings: path('M40 82 Q70 64 100 80 Q130 64 160 82 L160 40 L40 40 Z', { fill: p.dark, stroke: false }),
    face: { eyes: 'dot', mouth: 'smile', nose: 'button', eyeY: 106, mouthY: 134 },
  };
};

export const deer: Species = (p) => ({
  shape: 'round',
  back:
    mirrored(
      stroke('M72 52 L60 18 M64 30 L48 22 M62 26 L66 10', 14, INK) +
        stroke('M72 52 L60 18 M64 30 L48 22 M62 26 L66 10', 7, p.dark),
    ) + sideEars(p.fur, p.inner, 84),
  markings:
    ellipse(100, 134, 26, 19, { fill: p.light, stroke: false }) +
    circle(82, 64, 3.5, { fill: p.light, stroke: false }) +
    circle(96, 58, 3, { fill: p.light, stroke: false }) +
    circle(116, 62, 3.5, { fill: p.light, stroke: false }),
  face: { eyes: 'sparkle', mouth: 'smile', nose: 'button', noseColor: INK },
});

export const sloth: Species = (p) => ({
  shape: 'round',
  markings:
    ellipse(100, 110, 52, 40, { fill: p.light, stroke: false }) +
    mirrored(`<g transform="rotate(-30 72 106)">${ellipse(72, 106, 18, 9, { fill: p.dark, stroke: false })}</g>`),
  face: { eyes: 'happy', mouth: 'smile', nose: 'button', eyeGap: 26, eyeY: 104, mouthY: 134, noseColor: '#5a4030' },
});

export const redPanda: Species = (p) => ({
  shape: 'round',
  back: pointyEars(p.fur, p.light, p.dark),
  markings:
    path('M30 110 Q64 104 100 134 Q136 104 170 110 L170 170 L30 170 Z', { fill: p.light, stroke: false }) +
    mirrored(
      ellipse(74, 84, 9, 6, { fill: p.light, stroke: false }) +
        path('M70 114 Q72 130 62 146 L54 140 Q64 126 64 112 Z', { fill: p.dark, stroke: false }),
    ),
  face: { eyes: 'dot', mouth: 'cat', nose: 'button', eyeY: 102 },
});

export const wolf: Species = (p) => ({
  shape: 'round',
  back: pointyEars(p.fur, p.light),
  markings:
    path('M36 112 Q70 100 100 100 Q130 100 164 112 L164 170 L36 170 Z', { fill: p.light, stroke: false }) +
    path('M84 46 Q100 76 116 46 Z', { fill: p.dark, stroke: false }),
  face: { eyes: 'sparkle', mouth: 'cat', nose: 'button', eyeY: 98 },
});

export const bunny: Species = (p) => ({
  shape: 'round',
  back: longEars(p.fur, p.inner),
  markings: ellipse(100, 132, 24, 17, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'cat', nose: 'heart', noseColor: p.inner },
  front: whiskers('#8a7f9a'),
});

export const cow: Species = (p) => ({
  shape: 'round',
  back: mirrored(path('M66 56 Q56 40 60 26 Q70 34 78 50 Z', { fill: p.inner })) + sideEars(p.fur, p.inner, 84),
  markings:
    ellipse(62, 72, 22, 18, { fill: p.dark, stroke: false }) +
    ellipse(140, 90, 14, 12, { fill: p.dark, stroke: false }) +
    ellipse(100, 144, 52, 26, { fill: p.light, stroke: false }),
  face: { eyes: 'dot', mouth: 'none', nose: 'none', eyeY: 100 },
  front:
    ellipse(86, 140, 4, 5, { fill: INK, stroke: false }) +
    ellipse(114, 140, 4, 5, { fill: INK, stroke: false }) +
    stroke('M93 150 Q100 155 107 150', 3),
});

export const cat: Species = (p) => ({
  shape: 'round',
  back: pointyEars(p.fur, p.inner),
  customFace:
    mirrored(
      ellipse(76, 104, 12, 13, { fill: p.light }) +
        ellipse(77, 105, 3.6, 9, { fill: INK, stroke: false }) +
        circle(80, 99, 2.6, { fill: '#fff', stroke: false }),
    ) + mirrored(ellipse(60, 124, 10, 6, { fill: '#ff7fa3', stroke: false, opacity: 0.5 })),
  face: { eyes: 'none', mouth: 'cat', nose: 'heart', noseColor: p.inner, blush: false },
  front: whiskers('#cfc6dd'),
});
