/**
 * The headers a request to a cookie route comes with, by where it came from
 * (docs/sessions.md, "Only this site's pages"), and the refusal of one from
 * elsewhere.
 */

/** From a page on another site, as a browser (or an older one, with no Sec-Fetch-Site) sends it. */
export const FROM_ELSEWHERE: Record<string, Record<string, string>> = {
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site: same-site, a sibling subdomain': { 'sec-fetch-site': 'same-site' },
  'Origin: https://evil.example, no Sec-Fetch-Site': { origin: 'https://evil.example' },
  'Origin: null, no Sec-Fetch-Site': { origin: 'null' },
};

/** From this site's own page (at `baseUrl`), a typed address, or a client that is not a browser. */
export const FROM_HERE: Record<string, (baseUrl: string) => Record<string, string>> = {
  'Sec-Fetch-Site: same-origin': (baseUrl) => ({ 'sec-fetch-site': 'same-origin', origin: baseUrl }),
  'Sec-Fetch-Site: none, a typed address': () => ({ 'sec-fetch-site': 'none' }),
  'its own Origin, no Sec-Fetch-Site': (baseUrl) => ({ origin: baseUrl }),
  'no Sec-Fetch-Site and no Origin, not a browser': () => ({}),
};

export const REFUSED_AS_CROSS_SITE = [
  false,
  { err: 'That request came from another site, so it was refused.', errcode: 'forbidden' },
];
