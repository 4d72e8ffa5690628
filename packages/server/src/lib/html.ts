/** Text into HTML: escaped, and with web links made clickable. For mail and the developer's outbox page. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const LINK = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escapes `text`, then turns each http(s) address in it into a link, and line breaks into <br>. */
export function textToHtml(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    // A sentence's closing punctuation is not part of the link.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(text.slice(at, match.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    at = match.index + url.length;
  }
  html += escapeHtml(text.slice(at));
  return html.replace(/\r?\n/g, '<br>\n');
}
