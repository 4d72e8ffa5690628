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

/**
 * How the web app presents its session: `Authorization: Platter <userid>:<userauth>`, never the
 * query string, so that no access log (nginx's included) records the secret. A header, not a
 * cookie alone, keeps calls CSRF-safe: another site's page cannot make a browser add it. Other
 * clients may still send userid + userauth as parameters (spec §8).
 */
export const CREDENTIALS_SCHEME = 'Platter';

export function credentialsHeader(credentials: { userid: string; userauth: string }): string {
  return `${CREDENTIALS_SCHEME} ${credentials.userid}:${credentials.userauth}`;
}
