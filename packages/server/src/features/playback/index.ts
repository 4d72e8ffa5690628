/** What other features and the app use of the music in a room: turns, the timeline, votes. */
import { playbackMessages } from '@platter/contract';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { nextSongOf } from '../library';

export { playbackHandlers } from './handlers';
export { currentPlayOf, playingSongOf, snaggersOf, votesOf } from './plays';
export { startTimelineSweep, advanceIfDue, TIMELINE_SWEEP_MS, type TimelineDriver } from './timeline';
export { songFollowsStage } from './turns';
export { voteHash } from './votes';

/** Only a member with a song in their queue (active playlist) steps up: their turn would find none. */
export async function requireQueuedSong(db: Db, userId: string): Promise<void> {
  if (!(await nextSongOf(db, userId))) throw errors.conflict(playbackMessages.emptyQueue);
}
