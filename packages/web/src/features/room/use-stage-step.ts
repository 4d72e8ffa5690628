/**
 * The reader's moves at the stage, from the open spots or the room's tools: stepping up or
 * down (room.add_dj / room.rem_dj), joining or leaving the waitlist, and a DJ's plan to step
 * down after N songs (room.dj_step_down_after; 0 cancels). One call at a time, and the
 * server's words when it refuses (a full stage, too few points, a locked waitlist), shown in
 * one place.
 */
import { useRoomAction } from './use-room-action';

export interface StageStep {
  busy: boolean;
  problem: string | null;
  step(up: boolean): void;
  waitlist(join: boolean): void;
  planStepDown(songs: number): void;
}

export function useStageStep(roomid: string): StageStep {
  const { busy, problem, run } = useRoomAction();
  return {
    busy,
    problem,
    step: (up) => run(up ? 'room.add_dj' : 'room.rem_dj', { roomid }),
    waitlist: (join) => run(join ? 'room.waitlist_join' : 'room.waitlist_leave', { roomid }),
    planStepDown: (songs) => run('room.dj_step_down_after', { roomid, songs }),
  };
}
