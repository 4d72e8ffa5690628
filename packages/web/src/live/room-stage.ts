/**
 * The stage's rules as the room's feed tells them (docs/room.md, "Room rules"): why someone left
 * the stage, and what happened in the line for it.
 */
import type { RoomEvent } from '@platter/contract';

type RemDj = Extract<RoomEvent, { command: 'rem_dj' }>;
type WaitlistEvent = Extract<RoomEvent, { command: 'update_waitlist' }>;

/** "Ann stepped down: away too long"; `mod` names the moderator, `songLimit` is the room's songs per DJ. */
export function stageLeaveNotice(event: RemDj, name: string, mod: string, songLimit: number): string {
  switch (event.reason) {
    case 'moderator':
      return `${mod} took ${name} off the stage`;
    case 'left':
      return `${name} left the stage`;
    case 'empty_queue':
      return `${name} stepped down: their queue is empty`;
    case 'no_fitting_song':
      return `${name} stepped down: no song in their queue fits the room's rules`;
    case 'afk':
      return `${name} stepped down: away too long`;
    case 'song_limit':
      return `${name} played ${songLimit === 1 ? 'their song' : `their ${songLimit} songs`} and stepped down`;
    case 'planned':
      return `${name} stepped down as planned`;
    case 'stepped_down':
      return `${name} stepped down`;
  }
}

/** What a change in the line reads as, or null when another event tells it (stepping up). */
export function waitlistNotice(event: WaitlistEvent, name: string, mod: string): string | null {
  switch (event.change) {
    case 'joined':
      return `${name} joined the waitlist`;
    case 'left':
      return `${name} left the waitlist`;
    case 'moved':
      return `${mod} moved ${name} to #${event.waitlist.indexOf(event.userid) + 1} in the waitlist`;
    case 'removed':
      return `${mod} took ${name} off the waitlist`;
    case 'cannot_dj':
      return `${name} lost their place in the waitlist: they can't DJ right now`;
    case 'stepped_up':
      return null;
  }
}

/** The DJs' plans after a `dj_plan` event (songs left before each steps down). */
export function withDjPlan(plans: Readonly<Record<string, number>>, userid: string, songsLeft: number | null) {
  const { [userid]: _old, ...others } = plans;
  return songsLeft === null ? others : { ...others, [userid]: songsLeft };
}
