/** How a character is described, and the little helpers the character lists are written with. */
import { avatarName } from '@platter/contract';
import type { Accessory } from './accessories';
import type { Outfit } from './bodies';
import type { Palette, Species } from './head-art';

export interface Character {
  id: number;
  /** From the contract's AVATAR_NAMES, which the web shows too. */
  name: string;
  species: Species;
  palette: Palette;
  accessory: Accessory;
  outfit: Outfit;
  /** 1–32, or 0 for a plain shirt. */
  print: number;
  /** The disc behind the head in head-only pictures. */
  backdrop: string;
}

const none: Accessory = { kind: 'none', color: '#000' };

export const c = (
  id: number,
  species: Species,
  palette: Palette,
  outfit: Outfit,
  print: number,
  backdrop: string,
  accessory: Accessory = none,
): Character => ({ id, name: avatarName(id), species, palette, outfit, print, backdrop, accessory });

export const P = (fur: string, light: string, inner: string, dark: string): Palette => ({ fur, light, inner, dark });
