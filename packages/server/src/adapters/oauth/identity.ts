/** Who someone is at a provider, read from its claims by the configured paths, with every value checked. */
import type { ClaimPaths } from './config';

export interface ProviderIdentity {
  /** Their stable id there (OpenID Connect's `sub`). */
  id: string;
  /** Their name there, for a DJ name and the Manage Social modal. */
  name: string | null;
  /** Their picture, an http(s) URL. */
  image: string | null;
  /** Their handle there (`preferred_username`), when different from the name. */
  screenName: string | null;
}

const ID_MAX = 255;
const TEXT_MAX = 100;
const URL_MAX = 2048;

/** The value at a dotted path (`data.id`) in a JSON object, or undefined. */
export function claimAt(source: unknown, path: string): unknown {
  let at: unknown = source;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at) || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Control characters have no place in a name; they are dropped, not kept.
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? [...clean].slice(0, TEXT_MAX).join('') : null;
}

function imageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > URL_MAX || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

export function identityFrom(claims: Record<string, unknown>, paths: ClaimPaths): ProviderIdentity {
  const rawId = claimAt(claims, paths.id);
  const id = typeof rawId === 'number' && Number.isSafeInteger(rawId) ? String(rawId) : rawId;
  if (typeof id !== 'string' || id === '' || id.length > ID_MAX) {
    throw new Error(`the provider's answer has no usable '${paths.id}' claim`);
  }
  const name = text(claimAt(claims, paths.name));
  const screenName = text(claimAt(claims, paths.screenName));
  return { id, name, image: imageUrl(claimAt(claims, paths.image)), screenName };
}
