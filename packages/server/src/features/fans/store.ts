/** Who is a fan of whom (spec §4 Fan state). */
import { avatarImageUrl, FAN_PAGE_SIZE, type FanEntry } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { whereaboutsChanged } from '../directory';

/** Makes `fanId` a fan of `djId`; being a fan twice is being a fan once. */
export async function becomeFanOf(services: Services, fanId: string, djId: string): Promise<void> {
  const { db, now } = services;
  await db
    .insertInto('fans')
    .values({ fanId, djId, createdAt: now() })
    .onConflict((oc) => oc.columns(['fanId', 'djId']).doNothing())
    .execute();
  whereaboutsChanged(services);
}

/** Ends a fandom; true when there was one. */
export async function stopBeingFanOf(services: Services, fanId: string, djId: string): Promise<boolean> {
  const result = await services.db
    .deleteFrom('fans')
    .where('fanId', '=', fanId)
    .where('djId', '=', djId)
    .executeTakeFirst();
  whereaboutsChanged(services);
  return Number(result.numDeletedRows) > 0;
}

export async function isFanOf(db: Db, fanId: string, djId: string): Promise<boolean> {
  const row = await db
    .selectFrom('fans')
    .select('fanId')
    .where('fanId', '=', fanId)
    .where('djId', '=', djId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function fanOfIds(db: Db, fanId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fans')
    .select('djId')
    .where('fanId', '=', fanId)
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((r) => r.djId);
}

/**
 * One page of a fan list: `fans` are the people who are fans of userId,
 * `fanOf` the people userId is a fan of. Newest first; page is zero-based.
 */
export async function fanPage(
  db: Db,
  userId: string,
  direction: 'fans' | 'fanOf',
  page: number,
): Promise<{ numFans: number; pages: number; info: FanEntry[] }> {
  const [self, other] = direction === 'fans' ? (['djId', 'fanId'] as const) : (['fanId', 'djId'] as const);
  const total = await db
    .selectFrom('fans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(self, '=', userId)
    .executeTakeFirstOrThrow();
  const numFans = Number(total.n);
  const rows = await db
    .selectFrom('fans')
    .innerJoin('users', 'users.id', `fans.${other}`)
    .select((eb) => [
      'users.id',
      'users.name',
      'users.avatarId',
      'users.points',
      'users.subscriptionLevel',
      eb
        .selectFrom('fans as f2')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f2.djId', '=', 'users.id')
        .as('fans'),
    ])
    .where(`fans.${self}`, '=', userId)
    .orderBy('fans.createdAt', 'desc')
    .orderBy('users.id')
    .limit(FAN_PAGE_SIZE)
    .offset(page * FAN_PAGE_SIZE)
    .execute();
  return {
    numFans,
    pages: Math.max(1, Math.ceil(numFans / FAN_PAGE_SIZE)),
    info: rows.map((row) => ({
      _id: row.id,
      name: row.name ?? 'Guest',
      image_url: avatarImageUrl(row.avatarId, 'headfront'),
      points: row.points,
      fans: Number(row.fans),
      subscription_level: row.subscriptionLevel,
    })),
  };
}
