/**
 * The URL parameters the page acts on when it starts (spec §2): links in the
 * mails we send (verify_token, reset_token, prefs=changed, expired=…), and
 * first, complete_register and avatarId. Reading them is pure so that the
 * app's startup effect only has to carry them out.
 */

export type ExpiredLink = 'email' | 'password';

export type StartupAction =
  /** Confirm a new email address with its link's token. */
  | { type: 'verifyEmail'; token: string }
  /** Open Manage Accounts to set a new password with a reset link's token. */
  | { type: 'resetPassword'; token: string }
  /** Open contact settings, saying the preferences were saved. */
  | { type: 'prefsChanged' }
  /** Show the link-expired modal. */
  | { type: 'linkExpired'; link: ExpiredLink }
  /** Open Manage Accounts for someone who has just arrived. */
  | { type: 'firstVisit' }
  /** Open the complete-registration step, with the avatar chosen before (if any). */
  | { type: 'completeRegistration'; avatarId: number | null };

/** Every parameter this module reads; the page removes them from the address once handled. */
export const STARTUP_PARAMS = [
  'verify_token',
  'reset_token',
  'prefs',
  'expired',
  'first',
  'complete_register',
  'avatarId',
] as const;

/** A link's token, when there is one of a length the contract accepts; the server judges the rest. */
function tokenIn(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return value.length > 0 && value.length <= 200 ? value : null;
}

/** A whole, positive avatar id, or null. */
export function avatarIdFrom(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}

/** What the page should do for these parameters, in the order it should do it. */
export function readStartupParams(search: string): StartupAction[] {
  const params = new URLSearchParams(search);
  const actions: StartupAction[] = [];

  const expired = params.get('expired');
  if (expired === 'email' || expired === 'password') actions.push({ type: 'linkExpired', link: expired });

  if (params.has('verify_token')) {
    const token = tokenIn(params, 'verify_token');
    actions.push(token ? { type: 'verifyEmail', token } : { type: 'linkExpired', link: 'email' });
  }
  if (params.has('reset_token')) {
    const token = tokenIn(params, 'reset_token');
    actions.push(token ? { type: 'resetPassword', token } : { type: 'linkExpired', link: 'password' });
  }

  if (params.get('prefs') === 'changed') actions.push({ type: 'prefsChanged' });

  // A screen to open: a reset link wins over the rest, which are gentler invitations.
  const opensScreen = actions.some((a) => a.type === 'resetPassword');
  if (!opensScreen && params.has('complete_register')) {
    actions.push({ type: 'completeRegistration', avatarId: avatarIdFrom(params.get('avatarId')) });
  } else if (!opensScreen && params.has('first')) {
    actions.push({ type: 'firstVisit' });
  }
  return actions;
}

/**
 * The address without the parameters handled at startup. `avatarId` stays on
 * the sign-up route, which reads it itself.
 */
export function withoutStartupParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const keepAvatar = /^\/signup\/?$/.test(pathname) && !params.has('complete_register');
  for (const name of STARTUP_PARAMS) {
    if (name === 'avatarId' && keepAvatar) continue;
    params.delete(name);
  }
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** True when the address carries anything the startup effect handles. */
export function hasStartupParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return STARTUP_PARAMS.some((name) => name !== 'avatarId' && params.has(name));
}
