/** Ears and other things that stick out of a head, drawn behind it. Each is drawn on the left and mirrored. */
import { ellipse, mirrored, path } from './ink';

export function roundEars(fur: string, inner: string, r = 20, x = 52, y = 56): string {
  return mirrored(
    ellipse(x, y, r, r, { fill: fur }) + ellipse(x + 2, y + 2, r * 0.55, r * 0.55, { fill: inner, stroke: false }),
  );
}

export function pointyEars(fur: string, inner: string, tip?: string): string {
  const ear = path('M46 84 C38 60 40 30 48 18 C62 26 80 40 92 56 Z', { fill: fur });
  const lining = path('M54 70 C50 56 51 40 55 32 C63 38 72 46 80 56 Z', { fill: inner, stroke: false });
  const tipPaint = tip
    ? path('M44 36 C45 28 46 22 48 18 C54 21 60 26 65 30 Q54 30 44 36 Z', { fill: tip, stroke: false })
    : '';
  return mirrored(ear + lining + tipPaint);
}

export function longEars(fur: string, inner: string): string {
  return mirrored(
    `<g transform="rotate(-12 76 56)">${ellipse(76, 30, 16, 40, { fill: fur })}${ellipse(76, 34, 7, 28, { fill: inner, stroke: false })}</g>`,
  );
}

/** Ears that stick out sideways (sheep, deer, cow). */
export function sideEars(fur: string, inner: string, y = 92): string {
  return mirrored(
    `<g transform="rotate(-18 40 ${y})">${ellipse(36, y, 22, 10, { fill: fur })}${ellipse(38, y, 13, 5, { fill: inner, stroke: false })}</g>`,
  );
}

/** Ears that hang down over the sides of the head (puppy); drawn in front. */
export function floppyEars(fur: string): string {
  return mirrored(path('M52 58 C24 62 14 112 28 138 C38 154 56 142 60 118 C64 96 66 66 52 58 Z', { fill: fur }));
}

export function batEars(fur: string, inner: string): string {
  return mirrored(
    path('M48 86 C34 60 26 28 30 6 C52 16 78 36 90 58 Z', { fill: fur }) +
      path('M52 72 C44 56 40 38 40 24 C54 32 68 44 78 58 Z', { fill: inner, stroke: false }),
  );
}
