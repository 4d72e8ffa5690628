/**
 * Data access for users. Names and emails are unique case-insensitively via
 * their *_lower columns; names by their confusable skeleton too.
 */
import { messages } from '@platter/contract';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { nameColumns } from '../../lib/name-skeleton';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';

export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByName(db: Db, name: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('nameLower', '=', name.toLowerCase()).executeTakeFirst();
}

/**
 * The account an email signs in to: its verified email, or, for an account
 * that has none yet, the unverified one it signed up with.
 */
export function findUserByLoginEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const lower = email.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('emailLower', '=', lower),
        eb.and([eb('emailLower', 'is', null), eb('unverifiedEmailLower', '=', lower)]),
      ]),
    )
    .executeTakeFirst();
}

/** The account holding `email`, verified or not: whom to tell that a sign-up tried it. */
export function findUserHoldingEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const lower = email.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('emailLower', '=', lower), eb('unverifiedEmailLower', '=', lower)]))
    .executeTakeFirst();
}

/**
 * Who holds `name` or a name that looks like it (the same confusable skeleton,
 * lib/name-skeleton.ts), other than `exceptUserId`; undefined when it is free.
 */
export function nameHolder(db: Db, name: string, exceptUserId?: string): Promise<{ name: string | null } | undefined> {
  const { nameLower, nameSkeleton } = nameColumns(name);
  let query = db
    .selectFrom('users')
    .select('name')
    .where((eb) => eb.or([eb('nameLower', '=', nameLower), eb('nameSkeleton', '=', nameSkeleton)]));
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return query.executeTakeFirst();
}

export async function isNameTaken(db: Db, name: string, exceptUserId?: string): Promise<boolean> {
  return (await nameHolder(db, name, exceptUserId)) !== undefined;
}

/**
 * Refuses (conflict) a name someone else holds, in any case, or one that would
 * pass for theirs: the message names the look-alike, as names are public.
 */
export async function ensureNameFree(db: Db, name: string, exceptUserId?: string): Promise<void> {
  const holder = await nameHolder(db, name, exceptUserId);
  if (!holder) return;
  const same = holder.name?.toLowerCase() === name.toLowerCase();
  throw errors.conflict(same || !holder.name ? messages.nameTaken : messages.nameLookalike(holder.name));
}

/** An email is taken when any account holds it, verified or not. */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const lower = email.toLowerCase();
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('emailLower', '=', lower), eb('unverifiedEmailLower', '=', lower)]));
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Writes the changes given; none is a success (an UPDATE with an empty SET is an SQL error on both databases). */
export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<void> {
  if (Object.values(changes).every((value) => value === undefined)) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function fanCounts(db: Db, id: string): Promise<{ fans: number; fanofs: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('fans').select(eb.fn.countAll<number>().as('n')).where('djId', '=', id).as('fans'),
      eb.selectFrom('fans').select(eb.fn.countAll<number>().as('n')).where('fanId', '=', id).as('fanofs'),
    ])
    .executeTakeFirstOrThrow();
  return { fans: Number(row.fans), fanofs: Number(row.fanofs) };
}
