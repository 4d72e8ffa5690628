/**
 * The stage's rules as the room's feed tells them (docs/room.md, "Room rules"): why someone left
 * the stage, and what happened in the line for it.
 */
import { roomNoticeMessages as say, type RoomEvent } from '@platter/contract';

type RemDj = Extract<RoomEvent, { command: 'rem_dj' }>;
type WaitlistEvent = Extract<RoomEvent, { command: 'update_waitlist' }>;

/** "Ann stepped down: away too long"; `mod` names the moderator, `songLimit` is the room's songs per DJ. */
export function stageLeaveNotice(event: RemDj, name: string, mod: string, songLimit: number): string {
  switch (event.reason) {
    case 'moderator':
      return say.takenOffStage(mod, name);
    case 'left':
      return say.leftStage(name);
    case 'empty_queue':
      return say.emptyQueue(name);
    case 'no_fitting_song':
      return say.noFittingSong(name);
    case 'afk':
      return say.awayTooLong(name);
    case 'song_limit':
      return say.songLimit(name, songLimit);
    case 'planned':
      return say.asPlanned(name);
    case 'stepped_down':
      return say.steppedDown(name);
  }
}

/** What a change in the line reads as, or null when another event tells it (stepping up). */
export function waitlistNotice(event: WaitlistEvent, name: string, mod: string): string | null {
  switch (event.change) {
    case 'joined':
      return say.joinedWaitlist(name);
    case 'left':
      return say.leftWaitlist(name);
    case 'moved':
      return say.movedInWaitlist(mod, name, event.waitlist.indexOf(event.userid) + 1);
    case 'removed':
      return say.takenOffWaitlist(mod, name);
    case 'cannot_dj':
      return say.cannotDj(name);
    case 'stepped_up':
      return null;
  }
}

/** The DJs' plans after a `dj_plan` event (songs left before each steps down). */
export function withDjPlan(plans: Readonly<Record<string, number>>, userid: string, songsLeft: number | null) {
  const { [userid]: _old, ...others } = plans;
  return songsLeft === null ? others : { ...others, [userid]: songsLeft };
}
