/**
 * The drawing kit every character shares: one outline colour and weight, one
 * way to draw an outlined limb, one highlight. Sharing them is what makes 40
 * characters look like one family. Coordinates are in the full-body canvas
 * (200 × 300); the head sits around (100, 100).
 */

export const INK = '#2b2238';
export const LINE = 3.5;

/** A number short enough for the SVG text, exact enough for the eye. */
const n = (value: number) => String(Math.round(value * 10) / 10);

export interface Paint {
  fill?: string;
  /** false: no outline. */
  stroke?: boolean;
  opacity?: number;
  width?: number;
}

function paint({ fill = 'none', stroke = true, opacity, width = LINE }: Paint): string {
  const outline = stroke
    ? ` stroke="${INK}" stroke-width="${n(width)}" stroke-linejoin="round" stroke-linecap="round"`
    : '';
  const alpha = opacity === undefined ? '' : ` opacity="${n(opacity)}"`;
  return `fill="${fill}"${outline}${alpha}`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, style: Paint = {}): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" ${paint(style)}/>`;
}

export function circle(cx: number, cy: number, r: number, style: Paint = {}): string {
  return ellipse(cx, cy, r, r, style);
}

export function path(d: string, style: Paint = {}): string {
  return `<path d="${d}" ${paint(style)}/>`;
}

export function rect(x: number, y: number, w: number, h: number, r: number, style: Paint = {}): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" ${paint(style)}/>`;
}

/** A line of ink (whiskers, mouths, stitches). */
export function stroke(d: string, width = LINE, color = INK): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A thick outlined tube along a path: arms, legs, antennae stalks. */
export function limb(d: string, thickness: number, fill: string): string {
  return stroke(d, thickness + LINE * 2) + stroke(d, thickness, fill);
}

export function group(content: string, attributes = ''): string {
  return `<g${attributes ? ` ${attributes}` : ''}>${content}</g>`;
}

/** Mirrors drawing across the head's vertical centre line (x = 100). */
export function mirrored(content: string): string {
  return content + group(content, 'transform="translate(200 0) scale(-1 1)"');
}

/** A soft light from the upper left, the same on every head and body. */
export function shine(cx: number, cy: number, rx: number, ry: number): string {
  return ellipse(cx, cy, rx, ry, { fill: '#ffffff', stroke: false, opacity: 0.22 });
}

/** Mixes a colour toward white (amount > 0) or toward ink (amount < 0). */
export function tint(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 255, value & 255];
  const target = amount >= 0 ? [255, 255, 255] : [43, 34, 56];
  const mixed = channels.map((c, i) => Math.round(c + ((target[i] ?? 0) - c) * Math.abs(amount)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
