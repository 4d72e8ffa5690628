/**
 * Who sees the welcome tour (spec §2): registered members with zero points and
 * zero fans, once (the welcome cookie, 365 days: spec §9), or anyone
 * registered who asks for it again with /?tour=welcome.
 */
import { WELCOME_COOKIE_DAYS } from '@platter/contract';
import { getCookie, setCookie } from '../../lib/cookies';

export const WELCOME_COOKIE = 'welcome';
/** The lobby address that starts the tour again. */
export const TOUR_REQUEST = { param: 'tour', value: 'welcome' } as const;

interface Member {
  registered: boolean;
  points: number;
  fans: number;
}

export function isNewMember(user: Member): boolean {
  return user.registered && user.points === 0 && user.fans === 0;
}

export function shouldShowWelcomeTour(user: Member, { seen, requested }: { seen: boolean; requested: boolean }) {
  if (!user.registered) return false;
  return requested || (!seen && isNewMember(user));
}

export function welcomeSeen(): boolean {
  return getCookie(WELCOME_COOKIE) !== null;
}

export function rememberWelcomeSeen(): void {
  setCookie(WELCOME_COOKIE, '1', WELCOME_COOKIE_DAYS);
}
