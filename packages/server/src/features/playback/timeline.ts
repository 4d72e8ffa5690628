/**
 * The timeline driver: each instance runs one. Every TIMELINE_SWEEP_MS it renews the leases it
 * holds (well before TIMELINE_LEASE_MS runs out), takes the rooms whose lease ran out (their
 * holder died), and sets a timer for the end of each held room's song, and for the votes waiting
 * to be told in it (vote-updates.ts: the instance that took a vote times them too; the sweep
 * catches those whose instance died). Nothing lives only in
 * memory: the song's end is rooms.current_play_id's ends_at, so a restarted or another instance
 * ends it on time from the rows alone.
 */
import { TIMELINE_LEASE_MS } from '@platter/contract';
import type { Services } from '../../api/context';
import { newId } from '../../lib/ids';
import { roomCommand } from '../rooms';
import { claimLease, setLocalDriver, type LocalDriver } from './lease';
import { currentPlayOf } from './plays';
import { changeSong } from './turns';
import { tellVotesWhenDue, votesDueAt } from './vote-updates';

/** How often each instance renews its leases and looks for rooms to take over. */
export const TIMELINE_SWEEP_MS = 1000;
/** How soon a timer that found its song not yet over looks again. */
const RETRY_MS = 25;

/**
 * Ends the room's song if it is still `playId` and its time is up, then starts the next: one room
 * command, idempotent (a second try, or another instance's, finds the play changed and does nothing).
 */
export async function advanceIfDue(services: Services, roomId: string, playId: string): Promise<boolean> {
  let advanced = false;
  await roomCommand(services, roomId, async (trx) => {
    const play = await currentPlayOf(trx, roomId);
    if (!play || play.id !== playId || play.endsAt > services.now()) return [];
    advanced = true;
    return changeSong(services, trx, roomId, { reason: 'played', play });
  });
  return advanced;
}

export interface TimelineDriver {
  /** This instance's lease holder id. */
  readonly holder: string;
  /** Rooms whose songs this instance drives now (their leases held), for metrics. */
  readonly leasesHeld: number;
  /** One sweep now (tests call it after moving their clock); resolves when done. */
  sweep(): Promise<void>;
  /** Stops the sweep and its timers; `release` gives the leases up at once (a clean shutdown). */
  stop(options?: { release?: boolean }): Promise<void>;
}

export function startTimelineSweep(
  services: Services,
  onError: (error: unknown) => void,
  everyMs = TIMELINE_SWEEP_MS,
): TimelineDriver {
  const holder = newId();
  const timers = new Map<string, { playId: string; timer: NodeJS.Timeout }>();
  /** One timer per room whose votes wait to be told (for the play they are on). */
  const voteTimers = new Map<string, { playId: string; timer: NodeJS.Timeout }>();
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  const forget = (roomId: string) => {
    const timed = timers.get(roomId);
    if (timed) clearTimeout(timed.timer);
    timers.delete(roomId);
  };

  /** Tells the room's waiting votes at `dueAt` (once per room at a time), and again later if not yet due. */
  const tellVotesAt = (roomId: string, playId: string, dueAt: number) => {
    const timed = voteTimers.get(roomId);
    if (stopped || timed?.playId === playId) return;
    // A timer for the play before: its song's change told its votes.
    if (timed) clearTimeout(timed.timer);
    const timer = setTimeout(
      () => {
        voteTimers.delete(roomId);
        if (stopped) return;
        tellVotesWhenDue(services, roomId, playId)
          .then((later) => {
            if (later !== null) tellVotesAt(roomId, playId, later);
          })
          .catch(onError);
      },
      Math.max(RETRY_MS, dueAt - services.now()),
    );
    timer.unref();
    voteTimers.set(roomId, { playId, timer });
  };

  /** Times the end of the room's play (once per play). */
  const time = (roomId: string, playId: string, endsAt: number, atLeast = 0) => {
    if (stopped || timers.get(roomId)?.playId === playId) return;
    forget(roomId);
    const delay = Math.max(atLeast, endsAt - services.now());
    const timer = setTimeout(() => {
      timers.delete(roomId);
      if (stopped) return;
      advanceIfDue(services, roomId, playId)
        .then((advanced) => {
          // A timer may fire a hair early: then look again shortly. (Not due and not early: the play changed.)
          if (!advanced && !stopped && endsAt > services.now()) time(roomId, playId, endsAt, RETRY_MS);
        })
        .catch(onError);
    }, delay);
    timer.unref();
    timers.set(roomId, { playId, timer });
  };

  const sweepOnce = async () => {
    if (stopped) return;
    const { db } = services;
    const now = services.now();
    // Renew ours and take those whose holder stopped renewing: one conditional update.
    await db
      .updateTable('rooms')
      .set({ timelineHolder: holder, timelineLeaseUntil: now + TIMELINE_LEASE_MS })
      .where('currentPlayId', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('timelineHolder', '=', holder),
          eb('timelineHolder', 'is', null),
          eb('timelineLeaseUntil', 'is', null),
          eb('timelineLeaseUntil', '<=', now),
        ]),
      )
      .execute();
    // Silent rooms need no authority.
    await db
      .updateTable('rooms')
      .set({ timelineHolder: null, timelineLeaseUntil: null })
      .where('timelineHolder', '=', holder)
      .where('currentPlayId', 'is', null)
      .execute();
    const held = await db
      .selectFrom('rooms')
      .innerJoin('roomPlays', 'roomPlays.id', 'rooms.currentPlayId')
      .select((eb) => [
        'rooms.id as roomId',
        'roomPlays.id as playId',
        'roomPlays.endsAt',
        'roomPlays.votesToldAt',
        eb
          .exists(
            eb
              .selectFrom('roomVotes')
              .select('roomVotes.userId')
              .whereRef('roomVotes.playId', '=', 'roomPlays.id')
              .where('roomVotes.told', '=', 0),
          )
          .as('votesWaiting'),
      ])
      .where('rooms.timelineHolder', '=', holder)
      .execute();
    const mine = new Set(held.map((room) => room.roomId));
    for (const roomId of [...timers.keys()]) if (!mine.has(roomId)) forget(roomId);
    for (const room of held) {
      // Votes whose instance died before it told them (its timer went with it): told now if due.
      if (room.votesWaiting) {
        const due = votesDueAt(room);
        const later = due <= now ? await tellVotesWhenDue(services, room.roomId, room.playId) : due;
        if (later !== null) tellVotesAt(room.roomId, room.playId, later);
      }
      const endsAt = Number(room.endsAt);
      if (endsAt <= now) {
        forget(room.roomId);
        await advanceIfDue(services, room.roomId, room.playId);
      } else time(room.roomId, room.playId, endsAt);
    }
  };

  const sweep = () => {
    queue = queue.then(sweepOnce).catch(onError);
    return queue;
  };

  const driver: LocalDriver = {
    holder,
    watch(roomId) {
      if (stopped) return;
      const look = async () => {
        if (!(await claimLease(services.db, roomId, holder, services.now()))) return;
        const play = await currentPlayOf(services.db, roomId);
        if (play) time(roomId, play.id, play.endsAt);
      };
      queue = queue.then(look).catch(onError);
    },
    votesWaiting: tellVotesAt,
  };
  setLocalDriver(services, driver);
  const interval = setInterval(() => void sweep(), everyMs);
  interval.unref();

  return {
    holder,
    get leasesHeld() {
      return timers.size;
    },
    sweep,
    async stop({ release = true } = {}) {
      if (stopped) return;
      stopped = true;
      clearInterval(interval);
      for (const roomId of [...timers.keys()]) forget(roomId);
      for (const { timer } of voteTimers.values()) clearTimeout(timer);
      voteTimers.clear();
      setLocalDriver(services, null);
      await queue;
      if (release) {
        await services.db
          .updateTable('rooms')
          .set({ timelineHolder: null, timelineLeaseUntil: null })
          .where('timelineHolder', '=', holder)
          .execute();
      }
    },
  };
}
