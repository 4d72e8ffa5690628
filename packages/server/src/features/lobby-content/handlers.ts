/** Headbands and the news box (spec §2): read by everyone, written by staff. */
import { lobbyContentMessages, type Headband } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { requireStaff } from '../../api/access';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';

export const lobbyContentHandlers = {
  'headband.get_headbands': async (_input, { db }) => {
    const rows = await db
      .selectFrom('headbands')
      .select(['id', 'color', 'content'])
      .where('active', '=', 1)
      .orderBy('createdAt', 'desc')
      .execute();
    return { headbands: rows.map((row) => ({ ...row, color: row.color as Headband['color'] })) };
  },

  'headband.add': async ({ color, content }, services) => {
    const { db, now, caller } = services;
    await requireStaff(services, caller);
    const id = newId();
    await db.insertInto('headbands').values({ id, color, content, active: 1, createdAt: now() }).execute();
    return { id, color, content };
  },

  'headband.remove': async ({ id }, services) => {
    const { db, caller } = services;
    await requireStaff(services, caller);
    const result = await db.updateTable('headbands').set({ active: 0 }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw errors.notFound(lobbyContentMessages.headbandNotFound);
    return {};
  },

  'newsbox.get_news': async (_input, { db }) => latestNews(db),

  'newsbox.set_news': async ({ content }, services) => {
    const { db, now, caller } = services;
    await requireStaff(services, caller);
    await db.insertInto('news').values({ id: newId(), content, createdAt: now() }).execute();
    return latestNews(db);
  },
} satisfies HandlerGroup;

/** The news box shows the latest news; earlier versions stay as history. */
async function latestNews(db: Db): Promise<{ content: string; updated: number | null }> {
  const row = await db
    .selectFrom('news')
    .select(['content', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { content: row?.content ?? '', updated: row?.createdAt ?? null };
}
