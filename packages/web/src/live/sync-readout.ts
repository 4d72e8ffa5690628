/**
 * What the player says about itself (player.ts): whether it plays, and how far
 * it is from the room's timeline. The room shows it (listen-controls.tsx, sync
 * advice) and tests read it as `window.__platterSync`.
 */

/** idle: nothing to play; waiting: before the song's start, or loading; blocked: the browser wants a click; failed: the audio did not load; held: the listener paused, the room plays in the miniplayer, or a song of one's own is previewed. */
export type ListenStatus = 'idle' | 'waiting' | 'playing' | 'blocked' | 'failed' | 'held';

/** Who holds the room's music: the listener's pause, the miniplayer window, or a preview in My music. */
export type HoldReason = 'listener' | 'popout' | 'preview';

export interface SyncReadout {
  status: ListenStatus;
  songid: string | null;
  /** Server clock minus page clock (ms), and the round trip of the sample it comes from; null before the first. */
  offsetMs: number | null;
  rttMs: number | null;
  /** How far off the clock estimate may be at most (ms); null before the first sample. */
  clockErrorMs: number | null;
  /** Where the page plays minus where the room's timeline is (ms, positive: ahead); null while not playing. */
  errorMs: number | null;
  /** The moment of the song the listener hears now (ms into it), or null. */
  position: number | null;
  /** The server's clock as the page reads it when the readout was taken. */
  serverNow: number;
  rate: number;
  /** Since when (page clock) the error has stayed large, or null. */
  largeSince: number | null;
  /** Since when (page clock) the audio has been waiting for data while it should play, or null. */
  stalledSince: number | null;
}

export function emptyReadout(serverNow: number): SyncReadout {
  return {
    status: 'idle',
    songid: null,
    offsetMs: null,
    rttMs: null,
    clockErrorMs: null,
    errorMs: null,
    position: null,
    serverNow,
    rate: 1,
    largeSince: null,
    stalledSince: null,
  };
}
