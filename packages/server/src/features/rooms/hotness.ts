/**
 * Hotness (docs/lobby.md): how lively a room is, decaying with time, as one
 * stored number so that the lobby's default sort is an index scan.
 *
 *   hotness = log10(1 + listeners + 2·DJs + votes on the current song) + activeAt / 45 000 s
 *
 * The logarithm keeps a huge room from burying every other; the time term
 * means a room that was lively yesterday ranks below one lively now (each
 * order of magnitude of liveliness is worth 12.5 hours). Occupied rooms are
 * re-scored whenever their counts change and by a sweep, so their time term
 * stays "now"; empty rooms keep the score of their last lively moment.
 */
export const HOTNESS_TIME_SCALE_S = 45_000;

export interface Liveliness {
  listeners: number;
  djcount: number;
  upvotes: number;
  downvotes: number;
  /** Epoch ms of the room's last lively moment. */
  activeAt: number;
}

export function hotness({ listeners, djcount, upvotes, downvotes, activeAt }: Liveliness): number {
  const activity = listeners + 2 * djcount + upvotes + downvotes;
  return Math.log10(1 + activity) + activeAt / 1000 / HOTNESS_TIME_SCALE_S;
}
