/**
 * The demo members' music: the tracks of music/ made once (MP3), stored like an
 * upload (content-addressed, through the library's storage), and given to
 * every demo member — three each, in turn, so that stages mix styles — with
 * the first member also keeping a second playlist. Their loudness and peaks
 * are measured by the analysis worker, like any upload's (main.ts asks it to
 * look after seeding).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '../api/context';
import { addSong, type NewFile } from '../features/library/add-song';
import { libraryHandlers } from '../features/library/handlers';
import { inspectFile, type InspectedFile } from '../features/library/inspect-file';
import { tempFileFor } from '../features/library/receive-upload';
import { writeCoverArt } from './cover-art';
import { DEMO_TRACKS, type DemoTrack } from './music';
import { cachedDemoTrackMp3 } from './music/cache';

/** How many of the demo tracks each member has. */
const SONGS_EACH = 3;
/** The first member's second playlist: the calmer tracks. */
export const DEMO_PLAYLIST = { name: 'Late night', titles: ['Slow Tide', 'Rainy Window'] };

interface StoredTrack {
  track: DemoTrack;
  file: NewFile;
  cover: string;
}

/**
 * Makes a track's MP3 (or finds the one an earlier start made: music/cache.ts) and stores it.
 * The bytes go through a temporary file and the library's own look at an upload
 * (inspect-file.ts), so the format and duration recorded are what an upload of the same file
 * would get.
 */
async function storeTrack(services: Services, track: DemoTrack): Promise<StoredTrack> {
  const mp3 = await cachedDemoTrackMp3(track);
  const hash = createHash('sha256').update(mp3).digest('hex');
  const temp = await tempFileFor(services.config.dataDir);
  let inspected: InspectedFile;
  try {
    await fs.promises.writeFile(temp, mp3);
    inspected = await inspectFile(temp, `${track.title}.mp3`, mp3.length);
    await services.storage.put(hash, temp, mp3.length);
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
  const coverUrl = writeCoverArt(path.join(services.config.dataDir, 'media'), track.artist, track.title);
  return {
    track,
    file: { hash, size: mp3.length, format: inspected.format, durationMs: inspected.durationMs },
    cover: path.basename(coverUrl),
  };
}

export async function seedLibraries(services: Services, memberIds: readonly string[]): Promise<void> {
  const stored: StoredTrack[] = [];
  for (const track of DEMO_TRACKS) stored.push(await storeTrack(services, track));

  for (const [i, userId] of memberIds.entries()) {
    const count = i === 0 ? stored.length : SONGS_EACH;
    const mine = Array.from({ length: count }, (_, k) => stored[(i + k) % stored.length]!);
    // One transaction a member: the seed makes 120 songs, on a busy PostgreSQL too.
    const songIds = await services.db.transaction().execute(async (trx) => {
      const ids = new Map<string, string>();
      for (const { track, file, cover } of mine) {
        const song = await addSong(
          services.db,
          userId,
          { fileHash: file.hash, title: track.title, artist: track.artist, album: track.album, cover },
          services.now(),
          { file, within: trx },
        );
        ids.set(track.title, song._id);
      }
      return ids;
    });
    if (i === 0) await seedPlaylist(services, userId, songIds);
  }
}

/** A second playlist through the library's own calls, as the member would make it. */
async function seedPlaylist(services: Services, userId: string, songIds: Map<string, string>): Promise<void> {
  const asMember = {
    ...services,
    request: { ip: '127.0.0.1' },
    caller: { userid: userId, sessionId: '', registered: true, acl: 0 },
  };
  await libraryHandlers['playlist.create']({ playlist_name: DEMO_PLAYLIST.name }, asMember);
  for (const title of DEMO_PLAYLIST.titles) {
    const fileid = songIds.get(title);
    if (fileid)
      await libraryHandlers['playlist.add']({ playlist_name: DEMO_PLAYLIST.name, song_dict: { fileid } }, asMember);
  }
}
