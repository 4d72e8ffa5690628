/**
 * Listening to one of one's own songs before playing it to a room, in the page's one audio
 * element (borrowed from the room's player), so starting a preview stops the one before. While a
 * preview plays the room's song is held (not heard under it); when the preview stops, ends, fails
 * or the panel closes, the element goes back and the room's song comes back where the room's
 * timeline is by then. The server serves a song's audio to its owner (GET /audio/:songid).
 */
import { useEffect, useRef, useState } from 'react';
import { libraryPanelMessages, songAudioPath } from '@platter/contract';
import { player } from '../../live/use-player';

export function usePreview() {
  /** Undoes the current preview's hold on the element (its listener), when one plays. */
  const letGo = useRef<(() => void) | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const giveBack = () => {
    letGo.current?.();
    letGo.current = null;
    player.giveBack();
  };

  // The panel closed: the preview stops with it, and the room plays on.
  useEffect(() => giveBack, []);

  const ended = () => {
    setPlaying(null);
    giveBack();
  };

  const failed = () => {
    ended();
    setProblem(libraryPanelMessages.previewFailed);
  };

  const toggle = (songid: string) => {
    if (playing === songid) return ended();
    letGo.current?.();
    const element = player.lend(failed);
    element.addEventListener('ended', ended);
    letGo.current = () => element.removeEventListener('ended', ended);
    element.src = songAudioPath(songid);
    element.playbackRate = 1;
    setProblem(null);
    setPlaying(songid);
    element.play().catch((error: unknown) => {
      // A newer toggle interrupting this one is not a problem.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      failed();
    });
  };

  return { playing, toggle, stop: ended, problem };
}

export type Preview = ReturnType<typeof usePreview>;
