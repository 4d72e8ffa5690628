/**
 * One room call at a time from a set of controls (the stage's, the waitlist's), and the
 * server's words when it refuses, kept to show beside those controls.
 */
import { useState } from 'react';
import type { CallInput, CallName } from '@platter/contract';
import { errorText } from '../../api/client';
import { live } from '../../live/socket';

export interface RoomAction {
  busy: boolean;
  problem: string | null;
  run<N extends CallName>(name: N, input: CallInput<N>): void;
}

export function useRoomAction(): RoomAction {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = <N extends CallName>(name: N, input: CallInput<N>) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    live
      .request(name, input)
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setBusy(false));
  };
  return { busy, problem, run };
}
