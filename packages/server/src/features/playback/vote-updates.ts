/**
 * How a room hears its votes: `update_votes` at most once in VOTE_UPDATE_MS of the room's clock,
 * however many members toggle (issue 31: one member toggling pushed thousands a second to every
 * page). A vote after a quiet spell is told at once; votes within the window after it wait
 * (room_votes.told = 0) and are told together at its end, by a timer on the instance that took
 * the vote, or by the timeline's sweep if that instance died. The counts in each update_votes are
 * the song's as they stand, and its votelog has every vote changed since the last one, so what a
 * page or a bot holds after it is right whatever it missed between.
 *
 * A vote that waits changes the counts without a sequence number: a snapshot read meanwhile
 * already has it, and the update_votes that follows (numbered) sets the same counts again. A
 * song that ends tells its waiting votes first (changeSong), so the final counts always arrive.
 */
import { VOTE_UPDATE_MS, type RoomEvent } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { afterCommit, roomCommand } from '../rooms';
import { localDriverOf } from './lease';
import { currentPlayOf, type PlayRow } from './plays';

/** When the room may next hear the play's votes (epoch ms of the room's clock). */
export function votesDueAt(play: Pick<PlayRow, 'votesToldAt'>): number {
  return play.votesToldAt === null ? 0 : Number(play.votesToldAt) + VOTE_UPDATE_MS;
}

/**
 * Inside the vote's room command, once its row is written (told = 0): the update_votes to publish
 * now, or none when the room heard the play's votes less than VOTE_UPDATE_MS ago (then they are
 * told at the window's end). With no timeline driver to time that (an app without one), at once.
 */
export async function voteChanged(services: Services, trx: Db, roomId: string, play: PlayRow): Promise<RoomEvent[]> {
  const due = votesDueAt(play);
  const driver = localDriverOf(services);
  if (due <= services.now() || !driver) return tellVotes(services, trx, roomId, play.id);
  await afterCommit(trx, async () => driver.votesWaiting(roomId, play.id, due));
  return [];
}

/**
 * Inside a room command: the play's votes the room has not heard yet, as one update_votes with
 * the counts as they stand (none when every vote was told). They are told from now on.
 */
export async function tellVotes(services: Services, trx: Db, roomId: string, playId: string): Promise<RoomEvent[]> {
  const untold = await trx
    .selectFrom('roomVotes')
    .select(['userId', 'vote'])
    .where('playId', '=', playId)
    .where('told', '=', 0)
    .orderBy('votedAt')
    .orderBy('userId')
    .execute();
  if (untold.length === 0) return [];
  await trx.updateTable('roomVotes').set({ told: 1 }).where('playId', '=', playId).where('told', '=', 0).execute();
  const { upvotes, downvotes } = await trx
    .updateTable('roomPlays')
    .set({ votesToldAt: services.now() })
    .where('id', '=', playId)
    .returning(['upvotes', 'downvotes'])
    .executeTakeFirstOrThrow();
  return [
    {
      command: 'update_votes',
      roomid: roomId,
      upvotes: Number(upvotes),
      downvotes: Number(downvotes),
      listeners: await listenersIn(trx, roomId),
      votelog: untold.map((row) => [row.userId, row.vote === 'up' ? 'up' : 'down']),
    },
  ];
}

/**
 * The room hears the waiting votes of play `playId` if their time has come (a room command).
 * Resolves to when to look again if it has not (a timer may fire early, and clocks differ between
 * instances), else null: told now, nothing waiting, or the song changed (which told them).
 */
export async function tellVotesWhenDue(services: Services, roomId: string, playId: string): Promise<number | null> {
  let later: number | null = null;
  await roomCommand(services, roomId, async (trx) => {
    const play = await currentPlayOf(trx, roomId);
    if (!play || play.id !== playId) return [];
    const due = votesDueAt(play);
    if (due <= services.now()) return tellVotes(services, trx, roomId, play.id);
    if (await hasUntold(trx, play.id)) later = due;
    return [];
  });
  return later;
}

async function hasUntold(trx: Db, playId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('roomVotes')
    .select('userId')
    .where('playId', '=', playId)
    .where('told', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function listenersIn(trx: Db, roomId: string): Promise<number> {
  const { listeners } = await trx
    .selectFrom('roomMembers')
    .select((eb) => eb.fn.countAll<number>().as('listeners'))
    .where('roomId', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(listeners);
}
