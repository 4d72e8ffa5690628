/**
 * Platter's characters: ids 1–34 (the spec's assets 1–32, plus 33 and 34,
 * which the sign-up offers), the Gold characters 1001–1008 and the cat, 3000.
 * A character is a head (species, palette, something worn), a body (an
 * outfit) and a print on the shirt. Heads, bodies and prints 1–32 are also
 * the custom avatar maker's parts.
 */
import type { Character } from './character-kit';
import { SPECIAL_CHARACTERS } from './characters-special';
import { STANDARD_CHARACTERS } from './characters-standard';

export type { Character };

export const CHARACTERS: readonly Character[] = [...STANDARD_CHARACTERS, ...SPECIAL_CHARACTERS];

const byId = new Map(CHARACTERS.map((character) => [character.id, character]));

export function characterById(id: number): Character | undefined {
  return byId.get(id);
}
