/**
 * What coming back from a provider means (docs/social.md): a member connects
 * it; anyone else logs in as the member it is linked to, or signs up with it
 * (a guest keeps their id, as with user.guest_register).
 */
import type { SocialOutcome, SocialProviderId } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { isUniqueViolation } from '../../api/errors';
import type { ProviderIdentity } from '../../adapters/oauth/identity';
import { newId } from '../../lib/ids';
import { insertUser, isNameTaken, updateUser } from '../accounts';
import { nameColumns } from '../../lib/name-skeleton';
import { createSession, endSession, type NewSession } from '../auth';
import { whereaboutsChanged } from '../directory';
import { djNameFromProvider } from './social-name';
import { findLinkedAccount, replaceFriends, saveLinkedAccount } from './store';

/** The provider account is linked to another member already. */
export class AccountTaken extends Error {}

export interface ProviderVisit {
  provider: SocialProviderId;
  identity: ProviderIdentity;
  /** Their friends there; null when unknown (no friends URL, or it failed): the old list stays. */
  friends: string[] | null;
  /** Who is signed in on this browser, if anyone. */
  caller: Caller | null;
}

export interface VisitResult {
  outcome: SocialOutcome;
  userId: string;
  /** A new session for login and sign-up, for the session cookies. */
  session: NewSession | null;
}

const SIGNUP_ATTEMPTS = 3;

export async function completeVisit(services: Services, visit: ProviderVisit): Promise<VisitResult> {
  const { db } = services;
  const { caller, provider, identity } = visit;
  const linked = await findLinkedAccount(db, provider, identity.id);

  if (caller?.registered) {
    if (linked && linked.userId !== caller.userid) throw new AccountTaken();
    await link(services, caller.userid, visit);
    return { outcome: 'connected', userId: caller.userid, session: null };
  }

  if (linked) {
    await link(services, linked.userId, visit);
    if (caller) await endSession(services, caller.sessionId);
    return { outcome: 'login', userId: linked.userId, session: await createSession(services, linked.userId) };
  }

  const userId = await signUp(services, visit);
  if (caller) await endSession(services, caller.sessionId);
  return { outcome: 'signup', userId, session: await createSession(services, userId) };
}

async function link(services: Services, userId: string, { provider, identity, friends }: ProviderVisit) {
  await services.db.transaction().execute(async (trx) => {
    await saveLinkedAccount(
      trx,
      {
        userId,
        provider,
        providerUserId: identity.id,
        name: identity.name ?? identity.screenName,
        profileImage: identity.image,
      },
      services.now(),
    );
    if (friends) await replaceFriends(trx, userId, provider, friends);
  });
  whereaboutsChanged(services);
}

/**
 * A new member from a provider identity: a guest becomes the member (same id),
 * anyone else gets a new account. No email or password yet, so the account
 * screen asks for both (spec §4 Account layout). A name taken by someone
 * signing up at the same moment is tried again.
 */
async function signUp(services: Services, visit: ProviderVisit): Promise<string> {
  const { db, now } = services;
  const guestId = visit.caller && !visit.caller.registered ? visit.caller.userid : null;
  for (let attempt = 1; ; attempt++) {
    const name = await djNameFromProvider([visit.identity.name, visit.identity.screenName], (n) => isNameTaken(db, n));
    const userId = guestId ?? newId();
    try {
      await db.transaction().execute(async (trx) => {
        const member = { ...nameColumns(name), registeredAt: now() };
        if (guestId) await updateUser(trx, guestId, member);
        else await insertUser(trx, { id: userId, createdAt: now(), lastSeenAt: now(), ...member });
        await saveLinkedAccount(
          trx,
          {
            userId,
            provider: visit.provider,
            providerUserId: visit.identity.id,
            name: visit.identity.name ?? visit.identity.screenName,
            profileImage: visit.identity.image,
          },
          now(),
        );
        if (visit.friends) await replaceFriends(trx, userId, visit.provider, visit.friends);
      });
      whereaboutsChanged(services);
      return userId;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SIGNUP_ATTEMPTS) throw error;
      // The identity itself may have been linked meanwhile (a double click): then it is taken.
      if (await findLinkedAccount(db, visit.provider, visit.identity.id)) throw new AccountTaken();
    }
  }
}
