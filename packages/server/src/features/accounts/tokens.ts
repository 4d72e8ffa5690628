/**
 * The secrets in verification and password-reset links: random, kept only as
 * a hash, single-use and expiring. Whoever holds one may do its one thing for
 * the account it was made for, signed in or not.
 */
import { accountMessages } from '@platter/contract';
import type { Services } from '../../api/context';
import { ApiError } from '../../api/errors';
import type { Db } from '../../db/database';
import { hashSecret, newId, newSecret } from '../../lib/ids';

export type TokenPurpose = 'verify_email' | 'reset_password';

const HOUR_MS = 60 * 60_000;
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 7 * 24 * HOUR_MS,
  reset_password: HOUR_MS,
};

/** The URL parameter each kind of link carries (spec §2 URL parameters). */
const LINK_PARAMETER: Record<TokenPurpose, string> = { verify_email: 'verify_token', reset_password: 'reset_token' };

/** Makes a token for `email` (the address the link is mailed to); returns the secret, which is never stored. */
export async function issueToken(
  { db, now }: Pick<Services, 'db' | 'now'>,
  userId: string,
  purpose: TokenPurpose,
  email: string,
): Promise<string> {
  const secret = newSecret();
  const at = now();
  // Tokens that can no longer be used are of no use to keep.
  await db
    .deleteFrom('tokens')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', at)]))
    .execute();
  await db
    .insertInto('tokens')
    .values({
      id: newId(),
      userId,
      purpose,
      tokenHash: hashSecret(secret),
      email,
      expiresAt: at + TOKEN_LIFETIME_MS[purpose],
      usedAt: null,
      createdAt: at,
    })
    .execute();
  return secret;
}

export function tokenLink(publicUrl: string, purpose: TokenPurpose, secret: string): string {
  return `${publicUrl}/?${LINK_PARAMETER[purpose]}=${encodeURIComponent(secret)}`;
}

export function linkExpired(): ApiError {
  return new ApiError(accountMessages.linkExpired, 'link_expired');
}

/**
 * Uses up a token in one statement, so that two requests racing with the
 * same link cannot both succeed. Unknown, used and expired tokens all give
 * link_expired: the page shows the spec's link-expired modal for each.
 */
export async function consumeToken(
  db: Db,
  secret: string,
  purpose: TokenPurpose,
  at: number,
): Promise<{ userId: string; email: string | null }> {
  const row = await db
    .updateTable('tokens')
    .set({ usedAt: at })
    .where('tokenHash', '=', hashSecret(secret))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning(['userId', 'email'])
    .executeTakeFirst();
  if (!row) throw linkExpired();
  return row;
}

/** Ends every unused token of a kind for an account (a password change ends all reset links). */
export async function revokeTokens(db: Db, userId: string, purpose: TokenPurpose, at: number): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ usedAt: at })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}
