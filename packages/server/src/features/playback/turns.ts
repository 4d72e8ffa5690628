/**
 * DJ turns (docs/room.md, "Music in the room"): the DJs on the stage play one song each in
 * turn, left to right (in the order they stepped up), the first again after the last. Every
 * song change runs inside a room command and returns its events in order: `update_votes` for
 * the votes on the song that stopped still waiting to be told (vote-updates.ts), `song_ended` for
 * the song that stopped (if one played), `rem_dj` for its DJ if that was their last song (their plan,
 * the room's songs per DJ), `rem_dj` for each DJ stepped down on their turn (AFK, or nothing in
 * their queue the room's rules allow), then `newsong`, or `nosong` when nobody is left with a song.
 */
import { SONG_LEAD_MS, type RoomEvent, type SongEnding, type StageLeaveReason } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { reusableQuery } from '../../db/reusable-query';
import { newId } from '../../lib/ids';
import { afterCommit, playSong, roomUserOf, setOnStage, type StageFollower } from '../rooms';
import { timelineMoved } from './lease';
import { coverUrl, lockMember, sendToBack, sweepOrphanFiles } from '../library';
import { currentPlayOf, playingSong, type PlayRow } from './plays';
import { countPlayedSong, fittingSongOf, isAfk, stageRulesOf, whyNoSong, type StageRules } from './stage-rules';
import { tellVotes } from './vote-updates';

export interface Ending {
  reason: SongEnding;
  /** The moderator who ended it, if one did. */
  modid?: string | null;
  /** The play that ends, when the caller has read it in this command already (else it is read). */
  play?: PlayRow | null;
}

interface OnStage {
  userId: string;
  djSince: number;
}

async function stageWithPlaces(trx: Db, roomId: string): Promise<OnStage[]> {
  const { rows } = await readStage(trx, { roomId });
  return rows.map((row) => ({ userId: row.userId, djSince: Number(row.djSince ?? 0) }));
}

/** Compiled once: every song change reads the stage. */
const readStage = reusableQuery((db: Db, { roomId }: { roomId: string }) =>
  db
    .selectFrom('roomMembers')
    .select(['userId', 'djSince'])
    .where('roomId', '=', roomId)
    .where('isDj', '=', 1)
    .orderBy('djSince')
    .orderBy('joinedAt')
    .orderBy('userId'),
);

/** The stage in turn order from the DJ after the place `after` (a djSince); from the first when null. */
function turnOrder(stage: OnStage[], after: number | null): OnStage[] {
  if (after === null) return stage;
  const next = stage.findIndex((dj) => dj.djSince > after);
  return next <= 0 ? stage : [...stage.slice(next), ...stage.slice(0, next)];
}

/**
 * Inside a room command: ends the playing song (if any) for `ending`, and starts the next DJ's.
 * `after` is the place on the stage the turn passes on from (the ending DJ's djSince); left out,
 * the playing DJ's place, if they are still on the stage.
 */
export async function changeSong(
  services: Services,
  trx: Db,
  roomId: string,
  ending: Ending,
  after?: number | null,
): Promise<RoomEvent[]> {
  const now = services.now();
  const events: RoomEvent[] = [];
  const rules = await stageRulesOf(trx, roomId);
  const play = ending.play === undefined ? await currentPlayOf(trx, roomId) : ending.play;
  let from = after ?? null;
  let stage: OnStage[] | null = null;
  if (play) {
    // Its final counts reach the room before it ends, even when they were waiting.
    events.push(...(await tellVotes(services, trx, roomId, play.id)));
    // Ended, it is no longer current (currentPlayOf); rooms.current_play_id moves on at the end.
    await trx
      .updateTable('roomPlays')
      .set({ ended: ending.reason, endsAt: Math.min(play.endsAt, Math.max(now, play.startsAt)) })
      .where('id', '=', play.id)
      .execute();
    // A song its DJ removed while it played kept its file until now.
    await afterCommit(trx, async () => {
      await sweepOrphanFiles(services, [play.fileHash]);
    });
    events.push({
      command: 'song_ended',
      roomid: roomId,
      playid: play.id,
      reason: ending.reason,
      modid: ending.modid ?? null,
    });
    stage = await stageWithPlaces(trx, roomId);
    const place = stage.find((dj) => dj.userId === play.djId);
    if (after === undefined) from = place?.djSince ?? null;
    if (place && ending.reason !== 'left') {
      const last = await afterTheirSong(trx, now, roomId, play.djId, rules);
      // Their last song: they stepped down, and the stage is read again.
      if (last.some((event) => event.command === 'rem_dj')) stage = null;
      events.push(...last);
    }
  }
  // The room's latest start is the play that just ended, if one did (plays follow one another).
  const latestStart = play?.startsAt ?? null;
  for (const dj of turnOrder(stage ?? (await stageWithPlaces(trx, roomId)), from)) {
    // AFK on their turn: they step down, and the turn passes.
    if (await isAfk(trx, roomId, dj.userId, rules, now)) {
      events.push(...(await stepDown(trx, now, roomId, dj.userId, 'afk')));
      continue;
    }
    const started = await startTurn(services, trx, roomId, dj.userId, rules, latestStart);
    if (started) return [...events, ...started];
    // Nothing in their queue to play (or nothing the rules allow): they step down, and the turn passes.
    events.push(...(await stepDown(trx, now, roomId, dj.userId, await whyNoSong(trx, dj.userId))));
  }
  await playSong(services, roomId, null, trx);
  await timelineMoved(services, trx, roomId);
  return [...events, { command: 'nosong', roomid: roomId }];
}

/** The DJ's song ended: counted; they step down if it was their last, else a plan counts down. */
async function afterTheirSong(trx: Db, now: number, roomId: string, djId: string, rules: StageRules) {
  const { leave, planLeft } = await countPlayedSong(trx, roomId, djId, rules);
  if (leave) return stepDown(trx, now, roomId, djId, leave);
  return planLeft === null ? [] : [{ command: 'dj_plan' as const, roomid: roomId, userid: djId, songs_left: planLeft }];
}

async function stepDown(trx: Db, now: number, roomId: string, userId: string, reason: StageLeaveReason) {
  const user = await roomUserOf(trx, userId);
  return user ? setOnStage(trx, now, roomId, user, false, { reason }) : [];
}

/**
 * Starts the DJ's next song (the first in their queue the room's rules allow) SONG_LEAD_MS from
 * now; null (and nothing changed) when there is none. `latestStart`: the room's latest play's
 * start, when the caller knows it.
 */
async function startTurn(
  services: Services,
  trx: Db,
  roomId: string,
  djId: string,
  rules: StageRules,
  latestStart: number | null = null,
): Promise<RoomEvent[] | null> {
  // Their queue holds still until the commit (a reorder waits), so the song stays where it is found.
  await lockMember(trx, djId);
  const song = await fittingSongOf(trx, roomId, djId, rules, services.now());
  if (!song) return null;
  // Strictly after the room's last start, even within one millisecond: the history's order is the plays'.
  const latest = latestStart ?? (await latestStartIn(trx, roomId));
  const startsAt = Math.max(services.now() + SONG_LEAD_MS, latest + 1);
  const row = {
    id: newId(),
    roomId,
    songId: song.songId,
    fileHash: song.fileHash,
    djId,
    title: song.title,
    artist: song.artist,
    album: song.album,
    cover: song.cover,
    lengthMs: song.durationMs,
    startsAt,
    endsAt: startsAt + song.durationMs,
    ended: null,
  };
  await trx.insertInto('roomPlays').values(row).execute();
  const play: PlayRow = { ...row, upvotes: 0, downvotes: 0, snags: 0, votesToldAt: null };
  await sendToBack(trx, song);
  // The room is on it, and the lobby tile shows it (its votes start from zero).
  const tile = { artist: song.artist, title: song.title, coverart: coverUrl(song.cover), startedAt: startsAt };
  await playSong(services, roomId, tile, trx, play.id);
  await timelineMoved(services, trx, roomId);
  return [{ command: 'newsong', roomid: roomId, current_song: playingSong(play, song.djName, song) }];
}

async function latestStartIn(trx: Db, roomId: string): Promise<number> {
  const { latest } = await trx
    .selectFrom('roomPlays')
    .select((eb) => eb.fn.max('startsAt').as('latest'))
    .where('roomId', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(latest ?? 0);
}

/**
 * What the music does when the stage changes (registered with the rooms feature): the first DJ
 * on a silent stage starts playing; when the DJ playing leaves the stage (or the room), their
 * song ends and the turn passes to the DJ who was to their right.
 */
export const songFollowsStage: StageFollower = async (services, trx, change) => {
  const play = await currentPlayOf(trx, change.roomId);
  if (change.onStage) {
    if (play) return [];
    // A DJ put on the stage without a song (the demo seed) plays nothing, and stays.
    const rules = await stageRulesOf(trx, change.roomId);
    return (await startTurn(services, trx, change.roomId, change.user.userid, rules)) ?? [];
  }
  if (!play || play.djId !== change.user.userid) return [];
  return changeSong(services, trx, change.roomId, { reason: 'left', modid: change.modid }, change.formerSince);
};
