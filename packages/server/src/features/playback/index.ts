/** What other features and the app use of the music in a room: turns, the timeline, votes, the stage's rules. */
import type { Db } from '../../db/database';
import { isAfk, stageRulesOf } from './stage-rules';

export { playbackHandlers } from './handlers';
export { currentPlayOf, playingSongOf, snaggersOf, votesOf } from './plays';
export { startTimelineSweep, advanceIfDue, TIMELINE_SWEEP_MS, type TimelineDriver } from './timeline';
export { songFollowsStage } from './turns';
export { voteHash } from './votes';
export { requireFittingSong } from './stage-rules';

/** Whether a member has done nothing in the room for its AFK limit, now. */
export async function isAfkNow(db: Db, roomId: string, userId: string, now: number): Promise<boolean> {
  return isAfk(db, roomId, userId, await stageRulesOf(db, roomId), now);
}
