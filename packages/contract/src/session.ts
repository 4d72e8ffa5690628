/**
 * The three session cookies (spec §4 Logout). They are readable by the page
 * because the client signs each call with userid + userauth as parameters;
 * the server never authenticates from cookies (docs/sessions.md).
 */
export const SESSION_COOKIES = {
  userId: 'platterUserId',
  userAuth: 'platterUserAuth',
  named: 'platterUserNamed',
} as const;
