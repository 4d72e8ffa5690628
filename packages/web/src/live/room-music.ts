/**
 * What the room plays, as a pure function of the snapshot and the music
 * events (docs/music.md): the song and its start on the server's clock, the
 * votes (one per listener, the latest counts), who snagged it. A song's start
 * and end also read as lines in the room's feed ("Ada started playing Song by
 * Artist").
 */
import { roomMusicMessages, type PlayingSong, type RoomEvent, type RoomSnapshot, type Vote } from '@platter/contract';

export interface RoomMusic {
  /** The song playing now, or null. */
  song: PlayingSong | null;
  upvotes: number;
  downvotes: number;
  /** Each listener's vote on the playing song (a changed vote replaces the old). */
  votes: ReadonlyMap<string, Vote>;
  /** Who snagged the playing song, in the order they did. */
  snaggers: readonly string[];
}

export const silence: RoomMusic = { song: null, upvotes: 0, downvotes: 0, votes: new Map(), snaggers: [] };

/** The music of a snapshot. */
export function musicOfSnapshot(snapshot: RoomSnapshot): RoomMusic {
  const song = snapshot.current_song;
  if (!song) return silence;
  return {
    song,
    upvotes: snapshot.votes.upvotes,
    downvotes: snapshot.votes.downvotes,
    votes: new Map(snapshot.votes.votelog),
    snaggers: snapshot.snaggers,
  };
}

const titleOf = (song: PlayingSong | null) =>
  song ? roomMusicMessages.songTitle(song.metadata.song, song.metadata.artist) : roomMusicMessages.unknownSong;

/**
 * What a music event reads as in the feed, or null. `modName` names a moderator by id
 * (the room knows their names).
 */
export function musicNotice(music: RoomMusic, event: RoomEvent, modName: (id: string) => string): string | null {
  switch (event.command) {
    case 'newsong':
      return roomMusicMessages.started(event.current_song.djname, titleOf(event.current_song));
    case 'song_ended': {
      const song = music.song?.playid === event.playid ? music.song : null;
      if (event.reason === 'skipped') {
        const who =
          event.modid && event.modid !== song?.djid
            ? modName(event.modid)
            : (song?.djname ?? roomMusicMessages.unknownDj);
        return roomMusicMessages.skipped(who, titleOf(song));
      }
      if (event.reason === 'lamed') return roomMusicMessages.lamed(titleOf(song));
      // Played to its end (the next song says so), or its DJ left (the stage says so).
      return null;
    }
    default:
      return null;
  }
}

/** Applies a music event; any other event leaves the music as it is. */
export function applyMusicEvent(music: RoomMusic, event: RoomEvent): RoomMusic {
  switch (event.command) {
    case 'newsong':
      return { ...silence, song: event.current_song };
    case 'nosong':
      return silence;
    case 'song_ended':
      // A song_ended for another play (one that ended before this page joined) changes nothing.
      return music.song?.playid === event.playid ? silence : music;
    case 'update_votes': {
      if (!music.song) return music;
      const votes = new Map(music.votes);
      for (const [userid, vote] of event.votelog) votes.set(userid, vote);
      return { ...music, upvotes: event.upvotes, downvotes: event.downvotes, votes };
    }
    case 'snagged':
      // Always the playing song (a snag of an ended one is refused by the server).
      if (!music.song || music.snaggers.includes(event.userid)) return music;
      return { ...music, snaggers: [...music.snaggers, event.userid] };
    default:
      return music;
  }
}
