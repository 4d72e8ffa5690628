/**
 * A browser fingerprint sent with login and registration (spec §7): a hash of
 * the browser's stable traits and of the fonts it has. It only helps the
 * server tell devices apart when it looks for abuse; it is not a secret and
 * never identifies anyone on its own. Font detection gives up after 300 ms
 * (spec §9) so that signing in never waits on it.
 */
import { FINGERPRINT_FONT_TIMEOUT_MS } from '@platter/contract';

export type Traits = Record<string, string | number | boolean | null | undefined>;

/** Fonts worth asking about: common on one system and missing on others. */
export const PROBE_FONTS = [
  'Arial',
  'Arial Black',
  'Calibri',
  'Cambria',
  'Candara',
  'Comic Sans MS',
  'Consolas',
  'Courier New',
  'DejaVu Sans',
  'Droid Sans',
  'Futura',
  'Geneva',
  'Georgia',
  'Gill Sans',
  'Helvetica Neue',
  'Impact',
  'Liberation Sans',
  'Lucida Grande',
  'Menlo',
  'Monaco',
  'Noto Sans',
  'Optima',
  'Palatino',
  'Roboto',
  'Segoe UI',
  'SF Pro Text',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Ubuntu',
  'Verdana',
] as const;

const BASE_FONTS = ['monospace', 'serif', 'sans-serif'] as const;
const PROBE_TEXT = 'mmmmmmmmmmlliWW@#0123456789';
/** Fonts measured between two looks at the clock: small enough to stop close to the time-out. */
const FONTS_PER_SLICE = 4;

/** cyrb53: a fast 53-bit string hash, as 14 hex digits. Not cryptographic, and need not be. */
export function hashText(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return value.toString(16).padStart(14, '0');
}

/**
 * The fingerprint of some traits and fonts: the same whatever order they were
 * gathered in, and different when any of them differs.
 */
export function fingerprintOf(traits: Traits, fonts: readonly string[] | null): string {
  const parts = Object.keys(traits)
    .sort()
    .map((key) => `${key}=${String(traits[key] ?? '')}`);
  // A probe that ran out of time says so rather than claiming "no fonts".
  parts.push(`fonts=${fonts === null ? '?' : [...fonts].sort().join(',')}`);
  return hashText(parts.join('|'));
}

/**
 * Runs `step` over `items` in slices until done or until `timeoutMs` has
 * passed, yielding to the page between slices. Resolves with what was found,
 * or null when time ran out first.
 */
export function probeWithin<T, R>(
  items: readonly T[],
  step: (item: T) => R | null,
  timeoutMs: number,
  clock: () => number = () => performance.now(),
  yieldToPage: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<R[] | null> {
  const deadline = clock() + timeoutMs;
  return (async () => {
    const found: R[] = [];
    for (let start = 0; start < items.length; start += FONTS_PER_SLICE) {
      if (clock() > deadline) return null;
      for (const item of items.slice(start, start + FONTS_PER_SLICE)) {
        const result = step(item);
        if (result !== null) found.push(result);
      }
      await yieldToPage();
    }
    return clock() > deadline ? null : found;
  })();
}

function browserTraits(): Traits {
  const nav = navigator as Navigator & { deviceMemory?: number };
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // an old engine without time zone names: the offset below still counts
  }
  return {
    userAgent: nav.userAgent,
    language: nav.language,
    languages: (nav.languages ?? []).join(','),
    platform: nav.platform,
    cores: nav.hardwareConcurrency,
    memory: nav.deviceMemory,
    touchPoints: nav.maxTouchPoints,
    cookies: nav.cookieEnabled,
    screen: `${screen.width}x${screen.height}x${screen.colorDepth}`,
    pixelRatio: window.devicePixelRatio,
    timeZone,
    timeZoneOffset: new Date().getTimezoneOffset(),
  };
}

/** Which of PROBE_FONTS render differently from the generic families, or null after the time-out. */
function detectFonts(): Promise<string[] | null> {
  const span = document.createElement('span');
  span.textContent = PROBE_TEXT;
  span.setAttribute('aria-hidden', 'true');
  span.style.cssText =
    'position:absolute;left:-9999px;top:-9999px;font-size:72px;line-height:normal;visibility:hidden;white-space:nowrap';
  document.body.append(span);
  const widthIn = (family: string) => {
    span.style.fontFamily = family;
    return `${span.offsetWidth}x${span.offsetHeight}`;
  };
  const base = BASE_FONTS.map((family) => widthIn(family));
  const probe = probeWithin(
    PROBE_FONTS,
    (font) => (BASE_FONTS.some((family, i) => widthIn(`'${font}',${family}`) !== base[i]) ? font : null),
    FINGERPRINT_FONT_TIMEOUT_MS,
  );
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), FINGERPRINT_FONT_TIMEOUT_MS));
  return Promise.race([probe, timeout]).finally(() => span.remove());
}

let pending: Promise<string> | null = null;

/** This browser's fingerprint, worked out once per page; never fails (an empty string at worst). */
export function browserFingerprint(): Promise<string> {
  pending ??= (async () => {
    try {
      return fingerprintOf(browserTraits(), await detectFonts());
    } catch {
      return '';
    }
  })();
  return pending;
}
