/**
 * Guessing a member's password, without letting anyone lock the member out.
 * A lock per account could be forced by anyone who knows the email, for as
 * long as they kept trying; so wrong passwords are counted per address and
 * email together, and each one past the first few makes that pair wait
 * longer. Whoever tries from elsewhere (the member at home) is not held back;
 * the limit per address a minute (api/rate-limit.ts) still bounds one address
 * across many emails.
 */
import { loginMessages } from '@platter/contract';
import type { Services } from '../../api/context';
import { ApiError } from '../../api/errors';
import { hashSecret } from '../../lib/ids';

/** Wrong passwords from one address for one email that cost nothing: typos and a forgotten password or two. */
export const FREE_WRONG_PASSWORDS = 5;
/** The wait after the first wrong password past those; each further one doubles it... */
export const FIRST_WAIT_MS = 60_000;
/** ...up to an hour: a guesser gets some 24 tries a day from an address, the owner is never kept out longer. */
export const LONGEST_WAIT_MS = 60 * 60_000;
/** How long a pair's wrong passwords are remembered after the last one. */
export const STRIKES_KEPT_MS = 24 * 60 * 60_000;

type BackoffServices = Pick<Services, 'config' | 'limits' | 'now'>;

/** The pair's key: the address and the email, the email by its hash so the store holds no addresses. */
function pairKey(ip: string, email: string): string {
  return `login:${ip}:${hashSecret(email.trim().toLowerCase())}`;
}

/** How long a pair waits after its `count`th wrong password. */
export function waitAfter(count: number): number {
  if (count <= FREE_WRONG_PASSWORDS) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (count - FREE_WRONG_PASSWORDS - 1), LONGEST_WAIT_MS);
}

/** Off with every other limit (RATE_LIMIT_PER_MINUTE=0). */
const isOff = (services: BackoffServices) => services.config.attemptsPerMinute <= 0;

/** Refuses (rate_limited) a login from `ip` for `email` while that pair waits; before any password is checked. */
export async function awaitTurn(services: BackoffServices, ip: string, email: string): Promise<void> {
  if (isOff(services)) return;
  const strikes = await services.limits.strikesOf(pairKey(ip, email));
  if (!strikes) return;
  const left = strikes.lastAt + waitAfter(strikes.count) - services.now();
  if (left > 0) throw new ApiError(loginMessages.tooManyWrongPasswords(Math.ceil(left / 60_000)), 'rate_limited');
}

/** Counts a wrong password from `ip` for `email`. */
export async function wrongPassword(services: BackoffServices, ip: string, email: string): Promise<void> {
  if (isOff(services)) return;
  await services.limits.strike(pairKey(ip, email), services.now(), STRIKES_KEPT_MS);
}

/** A right password: the pair starts afresh. */
export async function rightPassword(services: BackoffServices, ip: string, email: string): Promise<void> {
  if (isOff(services)) return;
  await services.limits.forgive(pairKey(ip, email));
}
