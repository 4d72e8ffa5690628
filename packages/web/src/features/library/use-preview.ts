/**
 * Listening to one of one's own songs before playing it to a room: one preview
 * element for the whole panel, so starting a preview stops the one before. While
 * a preview plays it holds the room's player (the room's song is not heard under
 * it); when the preview stops, ends, fails or the panel closes, the room's song
 * comes back where the room's timeline is by then.
 * The server serves a song's audio to its owner (GET /audio/:songid).
 */
import { useEffect, useRef, useState } from 'react';
import { libraryPanelMessages, songAudioPath } from '@platter/contract';
import { player } from '../../live/use-player';

export function usePreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      // The panel closed: the preview stops with it, and the room plays on.
      audio.current?.pause();
      audio.current = null;
      player.release('preview');
    },
    [],
  );

  const ended = () => {
    setPlaying(null);
    player.release('preview');
  };

  const failed = () => {
    ended();
    setProblem(libraryPanelMessages.previewFailed);
  };

  const stop = () => {
    audio.current?.pause();
    ended();
  };

  const toggle = (songid: string) => {
    if (playing === songid) return stop();
    audio.current ??= new Audio();
    const element = audio.current;
    element.onended = ended;
    element.onerror = failed;
    player.hold('preview');
    element.src = songAudioPath(songid);
    setProblem(null);
    setPlaying(songid);
    element.play().catch((error: unknown) => {
      // A newer toggle interrupting this one is not a problem.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      failed();
    });
  };

  return { playing, toggle, stop, problem };
}

export type Preview = ReturnType<typeof usePreview>;
