/** What the player tells a listener about their sync, if anything (docs/music.md, "Playing in sync"). */
import { playerMessages } from '@platter/contract';
import { errorStaysLarge, LARGE_ERROR_FOR_MS } from './drift';
import type { SyncReadout } from './player';

export function syncAdvice(readout: SyncReadout, pageNow: number): string | null {
  if (readout.status === 'failed') return playerMessages.audioFailed;
  if (readout.stalledSince !== null && pageNow - readout.stalledSince >= LARGE_ERROR_FOR_MS / 3) {
    return playerMessages.stalled;
  }
  if (readout.errorMs === null || !errorStaysLarge(readout.largeSince, pageNow)) return null;
  return readout.errorMs < 0 ? playerMessages.behind : playerMessages.ahead;
}
