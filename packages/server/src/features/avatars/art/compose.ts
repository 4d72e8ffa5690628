/**
 * Puts heads, bodies and prints together into whole SVG documents: the
 * full-body view (fullfront), the head-and-shoulders view in a disc
 * (headfront), and the custom avatar maker's separate layers.
 */
import { accessoryLayers } from './accessories';
import { body } from './bodies';
import { drawHead } from './head-art';
import { print } from './prints';
import type { Character } from './roster';

export type View = 'fullfront' | 'headfront';

/** Pixel sizes of the rendered pictures (twice the largest size the web shows them at). */
export const PIXELS: Record<View, { width: number; height: number }> = {
  fullfront: { width: 240, height: 320 },
  headfront: { width: 192, height: 192 },
};

/** 3 wide for 4 high, like every full-body picture the web shows. */
const FULL_BOX = '-12.5 0 225 300';
const HEAD_BOX = '10 4 180 180';

export function headLayer(character: Character): string {
  const worn = accessoryLayers(character.accessory);
  return drawHead(character.species(character.palette), character.palette, worn.back, worn.front);
}

export function bodyLayer(character: Character): string {
  return body(character.outfit);
}

export function printLayer(n: number): string {
  return n > 0 ? print(n) : '';
}

export interface Figure {
  head: Character;
  body: Character;
  print: number;
  /** Backdrop colour of the head view. */
  backdrop: string;
}

export function figureOf(character: Character): Figure {
  return { head: character, body: character, print: character.print, backdrop: character.backdrop };
}

function document(viewBox: string, view: View, content: string): string {
  const { width, height } = PIXELS[view];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${content}</svg>`;
}

export function figureSvg(figure: Figure, view: View): string {
  const drawn = bodyLayer(figure.body) + printLayer(figure.print) + headLayer(figure.head);
  if (view === 'fullfront') return document(FULL_BOX, view, drawn);
  return document(
    HEAD_BOX,
    view,
    `<clipPath id="disc"><circle cx="100" cy="94" r="90"/></clipPath>` +
      `<circle cx="100" cy="94" r="90" fill="${figure.backdrop}"/>` +
      `<g clip-path="url(#disc)">${drawn}</g>`,
  );
}

/** One layer of the custom avatar maker, on the full-body canvas, transparent elsewhere. */
export function layerSvg(content: string): string {
  return document(FULL_BOX, 'fullfront', content);
}
