/**
 * The site's own pages (About, Terms, Privacy, Copyright), their frame, the
 * footer, and the page-not-found page, in their own words.
 *
 * The pages' own text is in site-page-texts.ts, fetched with each page rather
 * than with the lobby that shows the footer (docs/web-weight.md).
 *
 * The pages' prose carries a little markup, which the web's SiteProse turns
 * into elements: `[words](/path)` a link, `**words**` strong, `` `words` ``
 * code, and `{contact:Subject}` the address of whoever runs the server (a mail
 * link with that subject), or `operatorFallback` when it has none.
 */
export const sitePageMessages = {
  /** The bar's way home: in full, and short on a phone. */
  backToLobby: 'Back to the lobby',
  lobbyShort: '← Lobby',
  /** An address that is no page of ours. */
  notFoundTitle: 'page not found',
  notFound: "We couldn't find that page.",
  notFoundHint: 'The link may be old, or the page may have moved.',
  goToLobby: 'Go to the lobby',
  /** Who `{contact:…}` names when the server has published no address. */
  operatorFallback: 'the people who run this server',
  contactMissing:
    "This server hasn't published a contact address yet. Ask whoever invited you here, or whoever runs it, how to reach them.",
} as const;

/** The lobby's footer (spec §1, §2): the site's pages, the FAQ, and the community elsewhere. */
export const footerMessages = {
  navLabel: 'About this server',
  about: 'About',
  contact: 'Contact',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  copyright: 'Copyright',
  faq: 'FAQ',
  socialLabel: (name: string) => `${name} elsewhere`,
  note: (name: string) => `${name}: play music together, on a server run by its community.`,
} as const;
