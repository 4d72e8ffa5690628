/** A room's address (spec §2: /{shortcut}): derived from its name, URL-safe, never an app path. */
import { isReservedPathSegment } from '@platter/contract';

const MAX_LENGTH = 40;

/** "Indie & Alternative Lounge!" → "indie-alternative-lounge"; accents folded, the rest dropped. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, '');
}

/**
 * The first free shortcut for a name: the slug, then slug-2, slug-3… A name
 * with nothing URL-safe in it (or a reserved word) gets a "room" prefix.
 */
export async function uniqueShortcut(name: string, isTaken: (shortcut: string) => Promise<boolean>): Promise<string> {
  let base = slugify(name);
  if (base === '' || isReservedPathSegment(base) || /^[0-9a-f]{24}$/.test(base)) base = base ? `room-${base}` : 'room';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
