/**
 * The strip above the stage: the song the room plays (cover, title, artist,
 * album, its DJ), how far in it is, its waveform with the progress, what a
 * listener can do about it (votes, snag, skip), the player's controls, and the
 * room's history. Before the page has joined, the room's facts say what plays.
 */
import { useRef, useState } from 'react';
import { roomMusicMessages, roomPageMessages, type RoomDetails } from '@platter/contract';
import { useRoom } from '../../live/room-store';
import { CoverArt } from '../../ui/cover-art';
import { useFocusHandOff } from '../../ui/focus-hand-off';
import { ListenControls } from './listen-controls';
import { RoomHistoryModal } from './room-history';
import { SongActions } from './song-actions';
import { formatDuration, formatElapsed } from '../../lib/duration';
import { useSongElapsed } from './use-song-clock';
import { Waveform } from './waveform';

export function NowPlaying({ room }: { room: RoomDetails }) {
  const song = useRoom((state) => (state.snapshot?.roomid === room.roomid ? state.music.song : null));
  const elapsed = useSongElapsed(song);
  const [history, setHistory] = useState(false);
  const facts = room.metadata.current_song;
  const lengthMs = (song?.metadata.length ?? 0) * 1000;
  // A skipped song takes its buttons along (the page hears it end, then the next one start): the
  // focus goes to the next song's Skip when the reader may skip that one too, else its Awesome,
  // or to History when nobody is left to play.
  const strip = useRef<HTMLElement>(null);
  const djsOnStage = useRoom((state) => state.djids.length);
  const skipped = useFocusHandOff(`${song?.playid}:${djsOnStage}`, () => {
    const actions = strip.current?.querySelector('.song-actions');
    if (!actions) return djsOnStage > 0 ? null : strip.current?.querySelector<HTMLElement>('.now-playing__history');
    return actions.querySelector<HTMLElement>('[data-skip]') ?? actions.querySelector<HTMLElement>('button');
  });

  return (
    <section
      ref={strip}
      className="now-playing"
      aria-label={roomPageMessages.nowPlayingLabel}
      data-testid="now-playing"
    >
      <div className="now-playing__main">
        <CoverArt src={song ? song.metadata.coverart : facts?.coverart} size={56} className="now-playing__cover" />
        <div className="now-playing__song">
          {song ? (
            <>
              <strong>{song.metadata.song}</strong>
              <span>
                {song.metadata.artist}
                {song.metadata.album && <> · {song.metadata.album}</>}
              </span>
              <span className="now-playing__dj">{roomMusicMessages.playedBy(song.djname)}</span>
            </>
          ) : facts ? (
            <>
              <strong>{facts.song}</strong> <span>{facts.artist}</span>
            </>
          ) : (
            <span>{roomMusicMessages.nothingPlaying}</span>
          )}
        </div>
        <button type="button" className="button button--small now-playing__history" onClick={() => setHistory(true)}>
          {roomPageMessages.history}
        </button>
      </div>
      {song && (
        <div className="now-playing__progress">
          <span className="now-playing__time" data-testid="song-elapsed">
            {formatElapsed(Math.min(elapsed, lengthMs || elapsed))}
          </span>
          <Waveform peaks={song.peaks} progress={lengthMs > 0 ? Math.min(1, elapsed / lengthMs) : 0} />
          <span className="now-playing__time">{formatDuration(song.metadata.length)}</span>
        </div>
      )}
      {song && <SongActions roomid={room.roomid} song={song} onSkip={skipped} />}
      <ListenControls />
      {history && <RoomHistoryModal roomid={room.roomid} onClose={() => setHistory(false)} />}
    </section>
  );
}
