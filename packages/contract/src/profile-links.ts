/**
 * How a profile's links read (docs/profiles.md): one rule for what the page shows and what the
 * server keeps, so a link that could not be shown is refused when it is saved, not dropped
 * unseen afterwards.
 */

/** An http(s) address as the page links it, or null when it is not one. */
export function webAddress(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** An address without its scheme, "www." and last slash: what a link reads as. */
export function shortAddress(href: string): string {
  return href.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}

/**
 * A link to a service's page: a full http(s) address, or a name there (typed as "name",
 * "/name" or "facebook.com/name"), made into `base` + name. Null when it is neither.
 */
export function serviceLink(value: string | null | undefined, base: string): { text: string; href: string } | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) {
    const href = webAddress(trimmed);
    return href ? { text: shortAddress(href), href } : null;
  }
  const name = trimmed.replace(/^(www\.)?[a-z]+\.com\//i, '').replace(/^\/+/, '');
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(name)) return null;
  return { text: name, href: `${base}${name.split('/').map(encodeURIComponent).join('/')}` };
}

export const FACEBOOK_BASE = 'https://www.facebook.com/';
export const SOUNDCLOUD_BASE = 'https://soundcloud.com/';
