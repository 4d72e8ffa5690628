/** The outline of a head, and clipping to it so that markings never spill over the edge. */
import { INK, LINE, ellipse, path, rect, shine } from './ink';

export type HeadShape = 'round' | 'wide' | 'tall' | 'square' | 'drop';

const CLIP_ID = 'head-shape';

function outline(shape: HeadShape, style: string): string {
  switch (shape) {
    case 'wide':
      return `<ellipse cx="100" cy="104" rx="68" ry="53" ${style}/>`;
    case 'tall':
      return `<ellipse cx="100" cy="99" rx="58" ry="60" ${style}/>`;
    case 'square':
      return `<rect x="42" y="48" width="116" height="108" rx="28" ${style}/>`;
    case 'drop':
      return `<path d="M100 34 C130 52 162 70 162 108 C162 140 136 158 100 158 C64 158 38 140 38 108 C38 70 70 52 100 34 Z" ${style}/>`;
    case 'round':
    default:
      return `<ellipse cx="100" cy="101" rx="63" ry="57" ${style}/>`;
  }
}

/** The head itself: filled, outlined, lit from the upper left. */
export function skull(shape: HeadShape, fill: string): string {
  const filled = outline(shape, `fill="${fill}" stroke="${INK}" stroke-width="${LINE}"`);
  const light =
    shape === 'square'
      ? rect(54, 56, 40, 14, 7, { fill: '#fff', stroke: false, opacity: 0.22 })
      : shine(72, 70, 22, 12);
  return filled + light;
}

/** Markings (muzzles, masks, stripes) drawn inside the head only, then the outline again on top. */
export function inside(shape: HeadShape, markings: string): string {
  if (!markings) return '';
  const clip = `<clipPath id="${CLIP_ID}">${outline(shape, '')}</clipPath>`;
  return `${clip}<g clip-path="url(#${CLIP_ID})">${markings}</g>${outline(shape, `fill="none" stroke="${INK}" stroke-width="${LINE}"`)}`;
}

export { ellipse, path };
