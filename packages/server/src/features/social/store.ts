/** Data access for linked provider accounts (social_accounts) and the friends they brought (social_friends). */
import type { SocialProviderId } from '@platter/contract';
import type { Db } from '../../db/database';

export interface LinkedAccount {
  userId: string;
  provider: string;
  providerUserId: string;
  name: string | null;
  profileImage: string | null;
}

const COLUMNS = ['userId', 'provider', 'providerUserId', 'name', 'profileImage'] as const;

export function linkedAccountsOf(db: Db, userId: string): Promise<LinkedAccount[]> {
  return db.selectFrom('socialAccounts').select(COLUMNS).where('userId', '=', userId).execute();
}

/** Who a provider identity belongs to here, if anyone. */
export function findLinkedAccount(
  db: Db,
  provider: SocialProviderId,
  providerUserId: string,
): Promise<LinkedAccount | undefined> {
  return db
    .selectFrom('socialAccounts')
    .select(COLUMNS)
    .where('provider', '=', provider)
    .where('providerUserId', '=', providerUserId)
    .executeTakeFirst();
}

/**
 * Links a provider identity to a member, replacing any other identity of that
 * provider they had linked (one account per provider), and refreshing the
 * name and picture when it is the same one.
 */
export async function saveLinkedAccount(db: Db, account: LinkedAccount, at: number): Promise<void> {
  await db
    .deleteFrom('socialAccounts')
    .where('userId', '=', account.userId)
    .where('provider', '=', account.provider)
    .where('providerUserId', '!=', account.providerUserId)
    .execute();
  await db
    .insertInto('socialAccounts')
    .values({ ...account, createdAt: at })
    .onConflict((oc) =>
      oc
        .columns(['provider', 'providerUserId'])
        .doUpdateSet({ name: account.name, profileImage: account.profileImage }),
    )
    .execute();
}

/** Replaces the member's friends from one provider. Batched: a list can hold thousands. */
export async function replaceFriends(
  db: Db,
  userId: string,
  provider: SocialProviderId,
  friendIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('socialFriends').where('userId', '=', userId).where('provider', '=', provider).execute();
  const unique = [...new Set(friendIds)];
  for (let at = 0; at < unique.length; at += 500) {
    await db
      .insertInto('socialFriends')
      .values(unique.slice(at, at + 500).map((friendProviderUserId) => ({ userId, provider, friendProviderUserId })))
      .execute();
  }
}

/** Unlinks a provider: the account and the friends it brought. */
export async function removeLinkedAccount(db: Db, userId: string, provider: SocialProviderId): Promise<void> {
  await db.deleteFrom('socialFriends').where('userId', '=', userId).where('provider', '=', provider).execute();
  await db.deleteFrom('socialAccounts').where('userId', '=', userId).where('provider', '=', provider).execute();
}
