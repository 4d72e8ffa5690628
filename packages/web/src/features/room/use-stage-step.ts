/**
 * Stepping up to the stage or down (room.add_dj / room.rem_dj), from the open
 * spots or the room's tools: one call at a time, and the server's words when
 * it refuses (a full stage, too few points), shown in one place.
 */
import { useState } from 'react';
import { errorText } from '../../api/client';
import { live } from '../../live/socket';

export interface StageStep {
  busy: boolean;
  problem: string | null;
  step(up: boolean): void;
}

export function useStageStep(roomid: string): StageStep {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const step = (up: boolean) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    live
      .request(up ? 'room.add_dj' : 'room.rem_dj', { roomid })
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setBusy(false));
  };
  return { busy, problem, step };
}
