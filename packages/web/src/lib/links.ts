/**
 * Finds the links in plain text (spec §5: user-facing text is escaped and its
 * links converted): http(s) addresses, and paths on this site such as
 * /static/faq.html when they start a word. The text stays text: a caller
 * renders the pieces, so nothing here ever becomes markup.
 */
export type TextPiece =
  | { type: 'text'; text: string }
  /** `internal`: a path on this site, opened in place rather than in a new tab. */
  | { type: 'link'; text: string; href: string; internal: boolean };

// A scheme, then anything up to white space or a character that never ends a
// link in prose (quotes, angle brackets, backticks). Or a site path at the
// start of a word: a slash and a letter or digit, so that "//host" (another
// site) and "and / or" are not paths. No lookbehind: older Safari lacks it.
const CANDIDATE = /\b(https?:\/\/[^\s<>"'`]+)|(?:^|[\s([{])(\/[A-Za-z0-9_~-][^\s<>"'`]*)/gi;

// Prose punctuation that follows a link rather than belonging to it.
const TRAILING = /[.,;:!?*]$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const [whole, url, path] = match;
    const internal = url === undefined;
    const link = trimLink(url ?? path ?? '');
    if (internal ? link.length < 2 : !isHttpUrl(link)) continue;
    // A path's match may begin with the space or bracket before it.
    const start = match.index + whole.length - (url ?? path ?? '').length;
    if (start > last) pieces.push({ type: 'text', text: text.slice(last, start) });
    pieces.push({ type: 'link', text: link, href: link, internal });
    last = start + link.length;
  }
  if (last < text.length) pieces.push({ type: 'text', text: text.slice(last) });
  return pieces;
}

/** Drops punctuation that ends the sentence, and closing brackets the link never opened. */
function trimLink(candidate: string): string {
  let link = candidate;
  for (;;) {
    const end = link.charAt(link.length - 1);
    const opener = CLOSERS[end];
    if (TRAILING.test(link)) {
      link = link.slice(0, -1);
    } else if (opener !== undefined && count(link, opener) < count(link, end)) {
      link = link.slice(0, -1);
    } else {
      return link;
    }
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function isHttpUrl(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
