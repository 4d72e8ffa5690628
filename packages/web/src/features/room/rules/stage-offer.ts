/**
 * What the room offers the reader at the stage (docs/room.md, "Room rules in the page"): the
 * same rules the server keeps (room.add_dj, room.waitlist_join), read from the live room so
 * the page offers what will work — stepping up to a free spot nobody waits for, or else the
 * waitlist; a place in the line while waiting; the DJ's controls while on the stage.
 */
import { waitlistMessages } from '@platter/contract';

export interface StageFacts {
  /** The reader's user id when they are a member; guests do not DJ. */
  me: string | null;
  djids: readonly string[];
  waitlist: readonly string[];
  maxDjs: number;
  stageLocked: boolean;
  waitlistLocked: boolean;
  /** Moderators may step up on a locked stage, and past people waiting. */
  moderator: boolean;
}

/** Why the reader is offered the waitlist rather than a spot. */
export type WaitReason = 'full' | 'locked' | 'others_waiting';

export type StageOffer =
  | { kind: 'guest' }
  | { kind: 'dj' }
  | { kind: 'waiting'; position: number }
  | { kind: 'step_up' }
  | { kind: 'join_waitlist'; why: WaitReason; waitlistLocked: boolean };

export function stageOffer(facts: StageFacts): StageOffer {
  const { me, djids, waitlist } = facts;
  if (me === null) return { kind: 'guest' };
  if (djids.includes(me)) return { kind: 'dj' };
  const place = waitlist.indexOf(me);
  if (place >= 0) return { kind: 'waiting', position: place + 1 };
  const free = djids.length < facts.maxDjs;
  if (free && (facts.moderator || (!facts.stageLocked && waitlist.length === 0))) return { kind: 'step_up' };
  const why: WaitReason = !free ? 'full' : facts.stageLocked ? 'locked' : 'others_waiting';
  return { kind: 'join_waitlist', why, waitlistLocked: facts.waitlistLocked };
}

/** The line under "Join the waitlist": why there is no spot to take. */
export const waitReasonText: Record<WaitReason, string> = {
  full: waitlistMessages.whyFull,
  locked: waitlistMessages.whyLocked,
  others_waiting: waitlistMessages.whyOthersWaiting,
};
