import type { Services } from '../../api/context';
import { whereaboutsChanged } from '../directory/cache';

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
