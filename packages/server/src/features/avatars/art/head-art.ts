/** What a species draws for a head, layer by layer, and how the layers stack. */
import type { Face } from './faces';
import { face } from './faces';
import { inside, skull, type HeadShape } from './head-shapes';

export interface Palette {
  /** The main fur, skin or metal. */
  fur: string;
  /** Muzzles, faces, bellies. */
  light: string;
  /** Inside the ears, noses, beaks. */
  inner: string;
  /** Masks, stripes, spots, tips. */
  dark: string;
}

export interface HeadArt {
  shape: HeadShape;
  /** Behind the head: ears, manes, horns, antennae. */
  back?: string;
  /** Inside the head's outline: muzzles, masks, stripes. */
  markings?: string;
  face?: Face;
  /** A face drawn by hand instead of the shared one (robots, aliens). */
  customFace?: string;
  /** On top of everything: beaks, floppy ears, fringes. */
  front?: string;
}

export type Species = (palette: Palette) => HeadArt;

export function drawHead(art: HeadArt, palette: Palette, accessoryBack = '', accessoryFront = ''): string {
  return [
    accessoryBack,
    art.back ?? '',
    skull(art.shape, palette.fur),
    inside(art.shape, art.markings ?? ''),
    art.face ? face(art.face) : '',
    art.customFace ?? '',
    art.front ?? '',
    accessoryFront,
  ].join('');
}
