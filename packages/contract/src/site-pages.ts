/** The frame of the site's own pages (About, Terms, Privacy, Copyright) and the page-not-found page, in their own words. */
export const sitePageMessages = {
  /** The bar's way home: in full, and short on a phone. */
  backToLobby: 'Back to the lobby',
  lobbyShort: '← Lobby',
  /** An address that is no page of ours. */
  notFoundTitle: 'page not found',
  notFound: "We couldn't find that page.",
  notFoundHint: 'The link may be old, or the page may have moved.',
  goToLobby: 'Go to the lobby',
} as const;
