/**
 * The Media Session API (lock screens, headset keys, the browser's media hub):
 * what plays (title, artist, album, cover) and play/pause. Pausing a live room
 * holds the player; playing again joins the timeline where it is by then.
 */
import type { PlayingSong } from '@platter/contract';

interface Holdable {
  listen(): void;
  hold(by: 'listener'): void;
}

export function setMediaSession(song: PlayingSong | null, player: Holdable): void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;
  if (!song) {
    session.metadata = null;
    session.playbackState = 'none';
    return;
  }
  const { song: title, artist, album, coverart } = song.metadata;
  session.metadata = new MediaMetadata({
    title,
    artist,
    album,
    artwork: coverart ? [{ src: new URL(coverart, window.location.href).href }] : [],
  });
  session.playbackState = 'playing';
  try {
    session.setActionHandler('play', () => {
      player.listen();
      session.playbackState = 'playing';
    });
    session.setActionHandler('pause', () => {
      player.hold('listener');
      session.playbackState = 'paused';
    });
  } catch {
    // A browser that knows the session but not these actions: the metadata alone still shows.
  }
}
