/**
 * A DJ name for someone signing up through a provider (docs/social.md): their
 * name there, made to follow the §5 rules, then made unique with a number;
 * a suggested name when nothing usable is left.
 */
import { DJ_NAME_MAX, djName } from '@platter/contract';
import { suggestName } from '../accounts';

/** Everything a DJ name may not hold (the complement of validation.ts's allowed characters). */
const NOT_ALLOWED = /[^\p{L}\p{M}\p{N} _\-.!?'&()[\]{}*+,:;@#$%^~=|]/gu;

const fit = (name: string, max: number) => [...name].slice(0, max).join('').trim();

/** The provider's name with the characters a DJ name may not have taken out, single-spaced and short enough. */
export function cleanProviderName(name: string | null): string | null {
  if (!name) return null;
  const cleaned = fit(name.normalize('NFC').replace(NOT_ALLOWED, ' ').replace(/\s+/g, ' ').trim(), DJ_NAME_MAX);
  return cleaned && djName.safeParse(cleaned).success ? cleaned : null;
}

export async function djNameFromProvider(
  candidates: readonly (string | null)[],
  isTaken: (name: string) => Promise<boolean>,
): Promise<string> {
  for (const candidate of candidates) {
    const base = cleanProviderName(candidate);
    if (!base) continue;
    if (!(await isTaken(base))) return base;
    for (let n = 2; n < 100; n++) {
      const suffix = ` ${n}`;
      const name = `${fit(base, DJ_NAME_MAX - suffix.length)}${suffix}`;
      if (djName.safeParse(name).success && !(await isTaken(name))) return name;
    }
  }
  return suggestName(isTaken);
}
