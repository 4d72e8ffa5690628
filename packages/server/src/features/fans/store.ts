import type { Services } from '../../api/context';

/** Makes `fanId` a fan of `djId`; being a fan twice is being a fan once. */
export async function becomeFanOf({ db, now }: Services, fanId: string, djId: string): Promise<void> {
  await db
    .insertInto('fans')
    .values({ fanId, djId, createdAt: now() })
    .onConflict((oc) => oc.columns(['fanId', 'djId']).doNothing())
    .execute();
}
