/**
 * Where the room's song is on its timeline, re-read a few times a second: the
 * page's estimate of the server's clock minus the song's start. Shown as
 * elapsed time and waveform progress, it is the room's position, not this
 * page's audio (which may be held or blocked).
 */
import { useEffect, useState } from 'react';
import type { PlayingSong } from '@platter/contract';
import { live } from '../../live/socket';

const REDRAW_MS = 250;

export function useSongElapsed(song: PlayingSong | null): number {
  const read = () => (song ? Math.max(0, live.clock.serverNow() - song.starttime) : 0);
  const [elapsed, setElapsed] = useState(read);
  useEffect(() => {
    if (!song) return;
    const tick = () => setElapsed(Math.max(0, live.clock.serverNow() - song.starttime));
    tick();
    const timer = setInterval(tick, REDRAW_MS);
    return () => clearInterval(timer);
  }, [song]);
  return song ? elapsed : 0;
}
