/** The lobby's queries: each view and sort is an index-friendly ordered scan of public rooms. */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { RoomSort, RoomView } from '@platter/contract';
import type { Db } from '../../db/database';
import type { Database, RoomRow } from '../../db/schema';

type RoomQuery = SelectQueryBuilder<Database, 'rooms', RoomRow>;

export interface DirectoryQuery {
  view: RoomView;
  sorts: readonly RoomSort[];
  limit: number;
  skip: number;
  sectionAware: boolean;
  seed: number;
  callerId: string | null;
}

const SORT_COLUMN = {
  hotness: 'hotness',
  listeners: 'listeners',
  bestDJs: 'djPoints',
  created: 'createdAt',
} as const;

function publicRooms(db: Db): RoomQuery {
  return db.selectFrom('rooms').selectAll().where('privacy', '=', 'public');
}

export function directoryRooms(db: Db, query: DirectoryQuery): Promise<RoomRow[]> {
  let q = publicRooms(db);
  if (query.view === 'DJsNeeded') q = q.whereRef('djcount', '<', 'maxDjs');
  if (query.view === 'favorites') {
    q = q.where(
      'id',
      'in',
      db
        .selectFrom('roomFavorites')
        .select('roomId')
        .where('userId', '=', query.callerId ?? ''),
    );
  }
  if (query.sectionAware) q = q.orderBy('featured', 'desc');
  for (const sort of query.sorts) {
    if (sort === 'random') {
      // Start at the seed and wrap around: every page of one seed agrees.
      q = q.orderBy(sql`case when shuffle_key >= ${query.seed} then 0 else 1 end`).orderBy('shuffleKey');
    } else {
      q = q.orderBy(SORT_COLUMN[sort], 'desc');
    }
  }
  // The id breaks ties in the same direction as the sort, so the index serves the whole order.
  return q.orderBy('id', 'desc').limit(query.limit).offset(query.skip).execute();
}

/** Rooms whose name, artist or song contains the query, case-insensitively, hottest first. */
export function searchRooms(db: Db, text: string, limit: number, skip: number): Promise<RoomRow[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return publicRooms(db)
    .where((eb) => eb.or([like('name'), like('song_artist'), like('song_title')]))
    .orderBy('hotness', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(skip)
    .execute();
}

export async function currentRoomOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('roomMembers').select('roomId').where('userId', '=', userId).executeTakeFirst();
  return row?.roomId ?? null;
}

export function roomsByIds(db: Db, ids: readonly string[]): Promise<RoomRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return publicRooms(db).where('id', 'in', ids).execute();
}
