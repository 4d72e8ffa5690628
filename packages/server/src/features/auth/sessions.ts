/**
 * Sessions: a member or guest holds one bearer secret (userauth) per device.
 * Only its hash is stored; the caller proves itself with userid + userauth.
 */
import { apiMessages } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import type { Db } from '../../db/database';
import { hashSecret, newId, newSecret } from '../../lib/ids';
import { andThen, type MaybePromise } from '../../lib/maybe-promise';
import { userChannel } from '../../realtime/channels';

/** How often a session's and its user's "last seen" are written: not on every call. */
const TOUCH_INTERVAL_MS = 60_000;

export interface NewSession {
  userid: string;
  userauth: string;
}

export interface DeviceEvidence {
  fingerprint?: string | undefined;
  usertoken?: string | undefined;
}

export async function createSession(
  { db, now }: Services,
  userId: string,
  device: DeviceEvidence = {},
): Promise<NewSession> {
  const userauth = newSecret();
  const at = now();
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      userId,
      tokenHash: hashSecret(userauth),
      fingerprint: device.fingerprint ?? null,
      usertoken: device.usertoken ?? null,
      createdAt: at,
      lastUsedAt: at,
    })
    .execute();
  // Signing in is a sign of life; authenticate() only touches a session once it is a minute old.
  await db.updateTable('users').set({ lastSeenAt: at }).where('id', '=', userId).execute();
  return { userid: userId, userauth };
}

interface SessionEntry {
  sessionId: string;
  lastUsedAt: number;
  userid: string;
  name: string | null;
  acl: number;
}

/**
 * Every call authenticates, so sessions are cached briefly by token hash.
 * Ending a session clears this instance's cache at once; another instance
 * may honour an ended session for up to SESSION_CACHE_MS more.
 */
const SESSION_CACHE = { max: 50_000, ttlMs: 5_000 };
export const SESSION_CACHE_MS = SESSION_CACHE.ttlMs;

/**
 * The caller behind userid + userauth, or null when they do not match a live
 * session. Answers at once from the cache (see lib/maybe-promise.ts).
 */
export function authenticate(services: Services, userid: string, userauth: string): MaybePromise<Caller | null> {
  const tokenHash = hashSecret(userauth);
  const entry = services.caches.remember('sessions', SESSION_CACHE, tokenHash, () =>
    findSession(services.db, tokenHash),
  );
  return andThen(entry, (row) => {
    if (!row || row.userid !== userid) return null;
    const caller = { userid: row.userid, sessionId: row.sessionId, registered: row.name !== null, acl: row.acl };
    const at = services.now();
    return at - row.lastUsedAt > TOUCH_INTERVAL_MS ? touch(services, row, at).then(() => caller) : caller;
  });
}

/**
 * A call over a socket: the socket's session, checked when it was first used, is trusted. A session
 * that ends closes its sockets on every instance at once (`session_ended` on the member's channel),
 * and a session never changes from guest to member (registering starts a new one), so nothing a
 * caller holds goes stale that way. Once every TOUCH_INTERVAL_MS the session is checked again, which
 * also records it as used (and notices what changes quietly, a member's acl), beside the call rather
 * than before it: that check reads the session and writes two rows, about a millisecond, and the
 * call it would hold up is usually a chat line. A check that fails leaves the socket unverified, so
 * its next call is checked (and answered) in full.
 */
const verifiedSockets = new WeakMap<object, { userid: string; userauth: string; caller: Caller; at: number }>();

export function authenticateSocket(
  services: Services,
  socket: object,
  userid: string,
  userauth: string,
): MaybePromise<Caller | null> {
  const known = verifiedSockets.get(socket);
  if (!known || known.userid !== userid || known.userauth !== userauth) {
    return verifySocket(services, socket, userid, userauth);
  }
  const at = services.now();
  if (at - known.at >= TOUCH_INTERVAL_MS) {
    known.at = at; // one check at a time
    // After this turn: the call's own statements first (on SQLite they run in this turn).
    setImmediate(() => {
      Promise.resolve()
        .then(() => verifySocket(services, socket, userid, userauth))
        .catch(() => verifiedSockets.delete(socket));
    });
  }
  return known.caller;
}

function verifySocket(services: Services, socket: object, userid: string, userauth: string) {
  const at = services.now();
  return andThen(authenticate(services, userid, userauth), (caller) => {
    if (caller) verifiedSockets.set(socket, { userid, userauth, caller, at });
    else verifiedSockets.delete(socket);
    return caller;
  });
}

async function findSession(db: Db, tokenHash: string): Promise<SessionEntry | null> {
  const found = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.id as sessionId', 'sessions.lastUsedAt', 'users.id as userid', 'users.name', 'users.acl'])
    .where('sessions.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  return found ?? null;
}

/** Records that the session and its member were seen (at most once a minute). */
async function touch({ db }: Services, row: SessionEntry, at: number): Promise<void> {
  row.lastUsedAt = at;
  await db.updateTable('sessions').set({ lastUsedAt: at }).where('id', '=', row.sessionId).execute();
  await db.updateTable('users').set({ lastSeenAt: at }).where('id', '=', row.userid).execute();
}

/** Drops this instance's cached sessions, so an ended one is not honoured from memory. */
export function forgetSessions({ caches }: Services): void {
  caches.clear('sessions');
}

const SESSION_ENDED = apiMessages.sessionEnded;

export async function endSession(services: Services, sessionId: string): Promise<void> {
  const ended = await services.db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .returning('userId')
    .executeTakeFirst();
  forgetSessions(services);
  if (ended) await closeSockets(services, ended.userId, { only: sessionId });
}

/** Signs a member out everywhere but here (after a password change, say). */
export async function endOtherSessions(services: Services, userId: string, keepSessionId: string): Promise<void> {
  await services.db.deleteFrom('sessions').where('userId', '=', userId).where('id', '!=', keepSessionId).execute();
  forgetSessions(services);
  await closeSockets(services, userId, { keep: keepSessionId });
}

/** Signs a member out everywhere (after a password reset by mailed link: whoever was signed in may be the intruder). */
export async function endAllSessions(services: Services, userId: string): Promise<void> {
  await services.db.deleteFrom('sessions').where('userId', '=', userId).execute();
  forgetSessions(services);
  await closeSockets(services, userId, {});
}

/** The pages of ended sessions close on every instance (the member's user channel). */
function closeSockets(services: Services, userId: string, which: { only?: string; keep?: string }): Promise<void> {
  return services.hub.publish(userChannel(userId), { type: 'session_ended', ...which, err: SESSION_ENDED });
}
