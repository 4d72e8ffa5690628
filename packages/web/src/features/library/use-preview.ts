/**
 * Listening to one of one's own songs before playing it to a room: one audio
 * element for the whole panel, so starting a preview stops the one before.
 * The server serves a song's audio to its owner (GET /audio/:songid).
 */
import { useEffect, useRef, useState } from 'react';
import { songAudioPath } from '@platter/contract';
import { musicPanelMessages } from './messages';

export function usePreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      // The panel closed: the preview stops with it.
      audio.current?.pause();
      audio.current = null;
    },
    [],
  );

  const stop = () => {
    audio.current?.pause();
    setPlaying(null);
  };

  const toggle = (songid: string) => {
    if (playing === songid) return stop();
    audio.current ??= new Audio();
    const element = audio.current;
    element.onended = () => setPlaying(null);
    element.onerror = () => {
      setPlaying(null);
      setProblem(musicPanelMessages.previewFailed);
    };
    element.src = songAudioPath(songid);
    setProblem(null);
    setPlaying(songid);
    element.play().catch((error: unknown) => {
      // A newer toggle interrupting this one is not a problem.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlaying(null);
      setProblem(musicPanelMessages.previewFailed);
    });
  };

  return { playing, toggle, stop, problem };
}

export type Preview = ReturnType<typeof usePreview>;
