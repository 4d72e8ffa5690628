/**
 * The strip above the stage where the current song and the votes go. Music (DJ
 * turns, playback, votes) is the next step of the room: until then the strip
 * says only what the room's facts say, and holds the place for the vote buttons.
 */
import type { RoomDetails } from '@platter/contract';
import { CoverArt } from '../../ui/cover-art';

export function NowPlaying({ song }: { song: RoomDetails['metadata']['current_song'] }) {
  return (
    <section className="now-playing" aria-label="Now playing">
      <CoverArt src={song?.coverart} size={44} className="now-playing__cover" />
      <p className="now-playing__song">
        {song ? (
          <>
            <strong>{song.song}</strong> <span>{song.artist}</span>
          </>
        ) : (
          <span>No song playing</span>
        )}
      </p>
      {/* The vote buttons (awesome / lame) go here with playback. */}
    </section>
  );
}
