/**
 * Awesome and Lame (docs/room.md, "Music in the room"). Members in the room vote once per song
 * and may change their vote, up to VOTE_CHANGES_PER_SONG times; the DJ cannot vote on their own
 * song. A listener's first Awesome on a song earns its DJ one point, for good: a vote changed to
 * Lame takes nothing back, and Awesome again gives nothing more (room_votes.pointed). Enough Lame
 * votes skip the song. The counts, points and the skip follow every vote at once; the room hears
 * them paced (vote-updates.ts).
 */
import { createHash } from 'node:crypto';
import {
  LAME_SKIP_MIN_VOTES,
  LAME_SKIP_SHARE,
  playbackMessages,
  VOTE_CHANGES_PER_SONG,
  type RoomEvent,
  type Vote,
} from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { currentRoomOf, markActive, recountRoom, rescoreRoom, roomCommand, roomUserOf } from '../rooms';
import { currentPlayOf, votesOf } from './plays';
import { changeSong } from './turns';
import { voteChanged } from './vote-updates';

export interface VoteRequest {
  val: Vote;
  songid?: string;
  vh?: string;
}

/** Turntable's vote hash: sha1(roomid + val + songid), hex. */
export function voteHash(roomId: string, val: Vote, songId: string): string {
  return createHash('sha1').update(`${roomId}${val}${songId}`).digest('hex');
}

export async function vote(services: Services, caller: Caller, roomId: string, request: VoteRequest): Promise<void> {
  // Like turntable, only members vote: votes earn points, and guests cost nothing to make.
  if (!caller.registered) throw errors.membersOnly();
  await roomCommand(services, roomId, async (trx) => {
    if ((await currentRoomOf(trx, caller.userid)) !== roomId) throw errors.forbidden(playbackMessages.notInRoom);
    const play = await currentPlayOf(trx, roomId);
    if (!play) throw errors.conflict(playbackMessages.nothingPlaying);
    const { val, songid, vh } = request;
    if (songid !== undefined && songid !== play.songId) throw errors.conflict(playbackMessages.voteStale);
    if (vh !== undefined && vh.toLowerCase() !== voteHash(roomId, val, play.songId))
      throw errors.conflict(playbackMessages.voteStale);
    if (play.djId === caller.userid) throw errors.forbidden(playbackMessages.ownSong);
    // Voting counts as being there (the AFK rule), even when the vote is the same again.
    await markActive(trx, roomId, caller.userid, services.now());

    const before = await trx
      .selectFrom('roomVotes')
      .select(['vote', 'pointed', 'changes'])
      .where('playId', '=', play.id)
      .where('userId', '=', caller.userid)
      .executeTakeFirst();
    // The same vote again changes nothing, and the room hears nothing.
    if (before?.vote === val) return [];
    // Second thoughts and a misclick or two, not a toggle flood: then the vote stands.
    if (before && Number(before.changes) >= VOTE_CHANGES_PER_SONG)
      throw new ApiError(playbackMessages.voteChangesUsed, 'rate_limited');
    const pointNow = val === 'up' && !before?.pointed;
    // told: 0 until the room hears it (vote-updates.ts).
    const row = { vote: val, votedAt: services.now(), pointed: before?.pointed || pointNow ? 1 : 0, told: 0 };
    if (before) {
      await trx
        .updateTable('roomVotes')
        .set({ ...row, changes: Number(before.changes) + 1 })
        .where('playId', '=', play.id)
        .where('userId', '=', caller.userid)
        .execute();
    } else {
      await trx
        .insertInto('roomVotes')
        .values({ playId: play.id, userId: caller.userid, ...row })
        .execute();
    }
    const votes = await votesOf(trx, play);
    await trx
      .updateTable('roomPlays')
      .set({ upvotes: votes.upvotes, downvotes: votes.downvotes })
      .where('id', '=', play.id)
      .execute();
    // The lobby's hotness counts the playing song's votes.
    await trx
      .updateTable('rooms')
      .set({ upvotes: votes.upvotes, downvotes: votes.downvotes })
      .where('id', '=', roomId)
      .execute();
    const events = await voteChanged(services, trx, roomId, play);
    // A point changes the DJs' points (the Best DJs sort): recount; else only the votes changed.
    if (pointNow) {
      events.push(...(await awardPoint(trx, roomId, play.djId)));
      await recountRoom(services, roomId, trx);
    } else await rescoreRoom(services, roomId, trx);
    // The song's change tells the votes still waiting first, this one with them.
    if (await lamed(trx, roomId, votes.downvotes)) {
      events.push(...(await changeSong(services, trx, roomId, { reason: 'lamed', play })));
    }
    return events;
  });
}

/** The DJ's point for a listener's first Awesome: their points rise, and the room redraws them. */
async function awardPoint(trx: Db, roomId: string, djId: string): Promise<RoomEvent[]> {
  await trx
    .updateTable('users')
    .set((eb) => ({ points: eb('points', '+', 1) }))
    .where('id', '=', djId)
    .execute();
  const dj = await roomUserOf(trx, djId);
  return dj ? [{ command: 'update_user', roomid: roomId, userid: djId, user: dj }] : [];
}

/**
 * Lame votes past LAME_SKIP_SHARE of the voters off the stage (and at least LAME_SKIP_MIN_VOTES).
 * Only members vote, so only members count: guests (no name) in the room would otherwise raise
 * the bar past the votes the room can give, and a room full of them could never lame a song off.
 */
async function lamed(trx: Db, roomId: string, downvotes: number): Promise<boolean> {
  if (downvotes < LAME_SKIP_MIN_VOTES) return false;
  const { crowd } = await trx
    .selectFrom('roomMembers')
    .innerJoin('users', 'users.id', 'roomMembers.userId')
    .select((eb) => eb.fn.countAll<number>().as('crowd'))
    .where('roomMembers.roomId', '=', roomId)
    .where('roomMembers.isDj', '=', 0)
    .where('users.name', 'is not', null)
    .executeTakeFirstOrThrow();
  return downvotes > LAME_SKIP_SHARE * Number(crowd);
}
