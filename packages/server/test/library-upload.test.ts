/**
 * Uploads (docs/music.md): each format we can make here is accepted with its
 * tags (Ogg Vorbis, Opus, M4A and AAC as real encoder output: encoded-files.ts);
 * a file that is not audio, is empty, cut short, too big or over quota
 * is refused with the contract's words and leaves nothing behind; the same
 * bytes from two members are stored once.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SONG_TITLE_MAX, UPLOAD_PATH, libraryMessages, songAudioPath, type Credentials } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';
import {
  adtsFile,
  flacFile,
  id3Tag,
  mp3File,
  mp4File,
  opusFile,
  tinyPng,
  vorbisFile,
  wavFile,
} from './support/audio-files';
import { SIGNAL_SECONDS, realFiles, type RealFiles } from './support/encoded-files';
import { anMp3, upload, uploaded } from './support/library';

let t: TestApp;
let real: RealFiles;
beforeAll(async () => {
  t = await startTestApp();
  real = await realFiles('Real title');
});
afterAll(async () => {
  await t.close();
});

/** Every file under a folder of DATA_DIR (recursively). */
function filesUnder(app: TestApp, folder: string): string[] {
  const root = path.join(app.app.services.config.dataDir, folder);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

/** Nothing of a refused upload is left: no temporary file, no stored object, no rows. */
async function nothingStoredFor(app: TestApp, member: { userid: string }) {
  expect(filesUnder(app, 'tmp')).toEqual([]);
  const { db } = app.app.services;
  expect(await db.selectFrom('songs').select('id').where('userId', '=', member.userid).execute()).toEqual([]);
  const files = await db.selectFrom('audioFiles').select('hash').execute();
  expect(filesUnder(app, 'audio').sort()).toEqual(files.map((f) => f.hash).sort());
}

describe('accepted formats', () => {
  test('a WAV: duration from its bytes, title from the file name, no artist', async () => {
    const member = await aMember(t);
    const song = await uploaded(t, member, wavFile({ seconds: 2 }), 'C:\\Music\\Morning Tone.wav');
    expect(song.format).toBe('wav');
    expect(song.metadata).toMatchObject({ song: 'Morning Tone', artist: '', album: '', coverart: null, length: 2 });
    expect(song.analysis).toBe('pending');
    expect(song._id).toMatch(/^[0-9a-f]{24}$/);
  });

  test('an MP3 with ID3 tags and a cover: the tags, and the cover served under /media/covers/', async () => {
    const member = await aMember(t);
    const bytes = mp3File(
      { seconds: 3 },
      { title: 'Tagged', artist: 'Ada', album: 'Firsts', picture: { mime: 'image/png', data: tinyPng } },
    );
    const song = await uploaded(t, member, bytes, 'whatever.bin');
    expect(song.format).toBe('mp3');
    expect(song.size).toBe(bytes.length);
    expect(song.metadata).toMatchObject({ song: 'Tagged', artist: 'Ada', album: 'Firsts', length: 3 });
    expect(song.metadata.coverart).toMatch(/^\/media\/covers\/[0-9a-f]{64}\.png$/);
    const cover = await t.fetch(song.metadata.coverart!);
    expect(cover.status).toBe(200);
    expect(Buffer.from(await cover.arrayBuffer())).toEqual(tinyPng);
  });

  // An M4A's and an ADTS stream's duration count the AAC encoder's priming (1024 samples, 23 ms).
  test.each([
    ['a FLAC', 'flac', () => flacFile({ seconds: 2 }), 'audio/flac', 'named wrongly', 2],
    ['an Ogg Opus', 'opus', () => real.opus, 'audio/ogg; codecs=opus', 'Real title', SIGNAL_SECONDS],
    ['an AAC (ADTS)', 'aac', () => real.aac, 'audio/aac', 'named wrongly', SIGNAL_SECONDS],
    ['an M4A, its index after the audio', 'm4a', () => real.m4a, 'audio/mp4', 'Real title', SIGNAL_SECONDS],
    ['an M4A, its index first', 'm4a', () => real.m4aIndexFirst, 'audio/mp4', 'Real title', SIGNAL_SECONDS],
    ['an Ogg Vorbis', 'ogg', () => real.ogg, 'audio/ogg', 'Real title', SIGNAL_SECONDS],
  ] as const)(
    '%s, whatever the name says: its duration and title, served with its content type',
    async (_, format, make, type, title, seconds) => {
      const member = await aMember(t);
      const song = await uploaded(t, member, make(), 'named wrongly.mp3');
      expect(song.format).toBe(format);
      expect(song.metadata.length).toBe(seconds);
      expect(song.metadata.song).toBe(title);
      const { durationMs } = await t.app.services.db
        .selectFrom('songs')
        .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
        .select('audioFiles.durationMs')
        .where('songs.id', '=', song._id)
        .executeTakeFirstOrThrow();
      expect(Math.abs(Number(durationMs) - seconds * 1000)).toBeLessThanOrEqual(30);
      const audio = await t.fetch(`${songAudioPath(song._id)}?userid=${member.userid}&userauth=${member.userauth}`, {
        method: 'HEAD',
      });
      expect(audio.headers.get('content-type')).toBe(type);
    },
  );

  test('the upload lands at the end of the active playlist', async () => {
    const member = await aMember(t);
    const first = await uploaded(t, member, anMp3());
    const second = await uploaded(t, member, anMp3());
    const { list } = await t.ok('playlist.all', {}, member);
    expect(list.map((s) => s._id)).toEqual([first._id, second._id]);
    const { list: playlists } = await t.ok('playlist.list_all', {}, member);
    expect(playlists).toEqual([{ name: 'default', active: true, count: 2 }]);
  });
});

describe('refused files leave nothing behind', () => {
  test('a text file named .mp3 is not audio', async () => {
    const member = await aMember(t);
    const { status, envelope } = await upload(
      t,
      member,
      Buffer.from('These are not the songs you are looking for.\n'.repeat(50)),
      'hit.mp3',
    );
    expect(status).toBe(400);
    expect(failureOf(envelope)).toEqual({ err: libraryMessages.notAudio, errcode: 'invalid' });
    await nothingStoredFor(t, member);
  });

  test('an MP4 with a video track is not audio', async () => {
    const member = await aMember(t);
    expect(failureOf((await upload(t, member, mp4File(2, { video: true }), 'clip.m4a')).envelope).err).toBe(
      libraryMessages.notAudio,
    );
    await nothingStoredFor(t, member);
  });

  test('a picture named .mp3 is not audio', async () => {
    const member = await aMember(t);
    expect(failureOf((await upload(t, member, tinyPng, 'cover.mp3')).envelope).err).toBe(libraryMessages.notAudio);
    await nothingStoredFor(t, member);
  });

  test('bytes that claim a format they do not hold are damaged', async () => {
    const member = await aMember(t);
    const liar = Buffer.concat([
      Buffer.from('fLaC', 'latin1'),
      Buffer.from('not really a stream info block at all '.repeat(20)),
    ]);
    expect(failureOf((await upload(t, member, liar, 'x.flac')).envelope).err).toBe(libraryMessages.damaged);
    await nothingStoredFor(t, member);
  });

  test('an MP3 cut short is damaged', async () => {
    const member = await aMember(t);
    const whole = mp3File({ seconds: 2 });
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6) + 1);
    expect(failureOf((await upload(t, member, cut)).envelope).err).toBe(libraryMessages.damaged);
    await nothingStoredFor(t, member);
  });

  test('an MP3 of a few bytes and a WAV cut short are damaged', async () => {
    const member = await aMember(t);
    expect(failureOf((await upload(t, member, mp3File().subarray(0, 300))).envelope).err).toBe(libraryMessages.damaged);
    const wav = wavFile({ seconds: 2 });
    expect(failureOf((await upload(t, member, wav.subarray(0, 30_000), 'a.wav')).envelope).err).toBe(
      libraryMessages.damaged,
    );
    await nothingStoredFor(t, member);
  });

  test.each([
    ['a FLAC', () => flacFile({ seconds: 2 }), 'a.flac'],
    ['an Ogg Vorbis', () => real.ogg, 'a.ogg'],
    ['an Ogg Opus', () => real.opus, 'a.opus'],
    ['an M4A, its index after the audio,', () => real.m4a, 'a.m4a'],
    ['an M4A, its index first,', () => real.m4aIndexFirst, 'a.m4a'],
    ['an AAC (ADTS)', () => real.aac, 'a.aac'],
  ] as const)('%s cut in half is damaged', async (_, make, filename) => {
    const member = await aMember(t);
    const whole = make();
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    expect(failureOf((await upload(t, member, half, filename)).envelope).err).toBe(libraryMessages.damaged);
    await nothingStoredFor(t, member);
  });

  test('an M4A cut right after its audio, before its index (moov), is damaged', async () => {
    const member = await aMember(t);
    const beforeIndex = real.m4a.subarray(0, real.m4a.indexOf('moov', 0, 'latin1') - 4);
    expect(failureOf((await upload(t, member, beforeIndex, 'a.m4a')).envelope).err).toBe(libraryMessages.damaged);
    await nothingStoredFor(t, member);
  });

  test('an AAC (ADTS) cut inside a frame or inside its last header is damaged', async () => {
    const member = await aMember(t);
    const whole = adtsFile(3);
    const frame = 13; // adtsFile's frames: a 7-byte header and 6 bytes of payload
    const betweenFrames = Math.floor(whole.length / 2 / frame) * frame;
    for (const cut of [betweenFrames + 5, betweenFrames + 9])
      expect(failureOf((await upload(t, member, whole.subarray(0, cut), 'a.aac')).envelope).err).toBe(
        libraryMessages.damaged,
      );
    await nothingStoredFor(t, member);
  });

  test("a FLAC cut between two frames is damaged: its frames end before STREAMINFO's total", async () => {
    const member = await aMember(t);
    const whole = flacFile({ seconds: 2 });
    // flacFile: 'fLaC' and STREAMINFO (42 bytes), then frames of 4096 samples (8203 bytes each).
    const twoFrames = whole.subarray(0, 42 + 2 * 8203);
    expect(failureOf((await upload(t, member, twoFrames, 'a.flac')).envelope).err).toBe(libraryMessages.damaged);
    await nothingStoredFor(t, member);
  });

  test('an Ogg Vorbis or Opus whose last page does not end the stream is damaged', async () => {
    const member = await aMember(t);
    const vorbis = vorbisFile(2, 'No end', { endOfStream: false });
    expect(failureOf((await upload(t, member, vorbis, 'a.ogg')).envelope).err).toBe(libraryMessages.damaged);
    const opus = opusFile(2, 'No end', { endOfStream: false });
    expect(failureOf((await upload(t, member, opus, 'a.opus')).envelope).err).toBe(libraryMessages.damaged);
    await nothingStoredFor(t, member);
  });

  test('an empty file', async () => {
    const member = await aMember(t);
    expect(failureOf((await upload(t, member, Buffer.alloc(0))).envelope).err).toBe(libraryMessages.empty);
    await nothingStoredFor(t, member);
  });

  test('no file name, no session, a guest', async () => {
    const member = await aMember(t);
    expect(failureOf((await upload(t, member, anMp3(), '  ')).envelope).err).toBe(libraryMessages.noFilename);
    const anonymous = await upload(t, null, anMp3());
    expect([anonymous.status, failureOf(anonymous.envelope).errcode]).toEqual([401, 'not_authenticated']);
    const guest = await upload(t, await aGuest(t), anMp3());
    expect([guest.status, failureOf(guest.envelope).errcode]).toEqual([403, 'members_only']);
    await nothingStoredFor(t, member);
  });
});

test("other clients may still name the session in the upload's query string (the page uses the header)", async () => {
  const member = await aMember(t);
  const query = new URLSearchParams({ filename: 'bot.mp3', userid: member.userid, userauth: member.userauth });
  const response = await t.fetch(`${UPLOAD_PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: anMp3(),
  });
  expect(((await response.json()) as [boolean])[0]).toBe(true);
});

/**
 * Sends `first` of a body declared `declared` bytes long, and never the rest: the answer, and
 * whether the server then closed the connection (it cannot be waiting to read the rest).
 */
function partialUpload(app: TestApp, as: Credentials | null, declared: number, first: Buffer) {
  const query = new URLSearchParams({ filename: 'big.mp3' });
  if (as) {
    query.set('userid', as.userid);
    query.set('userauth', as.userauth);
  }
  return new Promise<{ status: number; connection: string | undefined; body: unknown; closed: boolean }>(
    (resolve, reject) => {
      const request = http.request(`${app.baseUrl}${UPLOAD_PATH}?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(declared) },
      });
      // Writing to a connection the server closed may fail here: the answer is what counts.
      request.on('error', () => {});
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const answer = {
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          };
          const socket = request.socket;
          if (!socket || socket.destroyed) resolve({ ...answer, closed: true });
          else socket.once('close', () => resolve({ ...answer, closed: true }));
        });
        response.on('error', reject);
      });
      request.write(first);
    },
  );
}

describe('refused before the body', () => {
  test('no session or a guest, with a huge declared length: answered at once, the body left unread', async () => {
    const declared = 900 * 1024 * 1024;
    const anonymous = await partialUpload(t, null, declared, anMp3());
    expect(anonymous).toMatchObject({
      status: 401,
      connection: 'close',
      body: [false, { errcode: 'not_authenticated' }],
      closed: true,
    });
    const guest = await partialUpload(t, await aGuest(t), declared, anMp3());
    expect(guest).toMatchObject({
      status: 403,
      connection: 'close',
      body: [false, { errcode: 'members_only' }],
      closed: true,
    });
    expect(filesUnder(t, 'tmp')).toEqual([]);
  });
});

describe('tag bombs', () => {
  test('a tag claiming hundreds of megabytes in a small file is refused at once', async () => {
    const member = await aMember(t);
    const bomb = Buffer.concat([id3Tag({ title: 'Boom', declaredSize: 250 * 1024 * 1024 }), mp3File()]);
    const started = Date.now();
    expect(failureOf((await upload(t, member, bomb)).envelope).err).toBe(libraryMessages.damaged);
    expect(Date.now() - started).toBeLessThan(5000);
    await nothingStoredFor(t, member);
  });

  test('thousands of frames and a huge title: accepted quickly, the title cut to SONG_TITLE_MAX', async () => {
    const member = await aMember(t);
    const bytes = mp3File({}, { title: 'T'.repeat(100_000), artist: `A\u0007B${'r'.repeat(5000)}`, extraFrames: 5000 });
    const started = Date.now();
    const song = await uploaded(t, member, bytes);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(song.metadata.song).toBe('T'.repeat(SONG_TITLE_MAX));
    expect(song.metadata.artist).toHaveLength(SONG_TITLE_MAX);
    expect(song.metadata.artist.startsWith('A B')).toBe(true);
  });

  test('a giant picture is ignored; a tag larger than we read is skipped, the audio kept', async () => {
    const member = await aMember(t);
    const giant = Buffer.concat([tinyPng, Buffer.alloc(3 * 1024 * 1024)]);
    const pictured = await uploaded(
      t,
      member,
      mp3File({}, { title: 'Big cover', picture: { mime: 'image/png', data: giant } }),
    );
    expect(pictured.metadata).toMatchObject({ song: 'Big cover', coverart: null });
    const filler = Buffer.alloc(17 * 1024 * 1024, 0x61);
    const huge = mp3File({}, { title: 'Never read', picture: { mime: 'image/png', data: filler } });
    const skipped = await uploaded(t, member, huge, 'Skipped Tag.mp3');
    expect(skipped.metadata).toMatchObject({ song: 'Skipped Tag', artist: '', length: 1 });
  });
});

describe('limits', () => {
  test('a file over UPLOAD_MAX_MB is refused, declared or streamed, and nothing is kept', async () => {
    const small = await startTestApp({
      library: { uploadMaxBytes: 20_000, quotaBytes: 10_000_000, storage: { kind: 'local' } },
    });
    try {
      const member = await aMember(small);
      const big = mp3File({ seconds: 3 });
      expect(big.length).toBeGreaterThan(20_000);
      const declared = await upload(small, member, big);
      expect(failureOf(declared.envelope)).toEqual({ err: libraryMessages.tooBig(0), errcode: 'invalid' });
      // Streamed without a length: stopped once past the limit.
      const chunks = [big.subarray(0, 10_000), big.subarray(10_000, 30_000), big.subarray(30_000)];
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(new Uint8Array(next));
          else controller.close();
        },
      });
      const streamed = await upload(small, member, stream);
      expect(failureOf(streamed.envelope).err).toBe(libraryMessages.tooBig(0));
      await nothingStoredFor(small, member);
      expect((await small.ok('library.list', {}, member)).max_file).toBe(20_000);
    } finally {
      await small.close();
    }
  });

  test('the quota: a file that would pass it is refused; library.list tells used and quota', async () => {
    const tight = await startTestApp({
      library: { uploadMaxBytes: 10_000_000, quotaBytes: 40_000, storage: { kind: 'local' } },
    });
    try {
      const member = await aMember(tight);
      const first = await uploaded(tight, member, anMp3({}, { seconds: 1 }));
      const second = await uploaded(tight, member, anMp3({}, { seconds: 1 }));
      const third = await upload(tight, member, anMp3({}, { seconds: 1 }));
      expect(failureOf(third.envelope)).toEqual({ err: libraryMessages.quota(0), errcode: 'conflict' });
      const list = await tight.ok('library.list', {}, member);
      expect(list).toMatchObject({ total: 2, used: first.size + second.size, quota: 40_000 });
      expect(filesUnder(tight, 'tmp')).toEqual([]);
    } finally {
      await tight.close();
    }
  });
});

describe('dedup', () => {
  test('two members upload the same bytes: one file stored, kept until the last song goes', async () => {
    const [ada, bob] = [await aMember(t), await aMember(t)];
    const bytes = anMp3({ title: 'Shared' });
    const a = await uploaded(t, ada, bytes);
    const b = await uploaded(t, bob, bytes);
    expect(a._id).not.toBe(b._id);
    const { db } = t.app.services;
    const hashes = await db.selectFrom('songs').select('fileHash').where('id', 'in', [a._id, b._id]).execute();
    expect(new Set(hashes.map((h) => h.fileHash)).size).toBe(1);
    const hash = hashes[0]!.fileHash;
    expect(filesUnder(t, 'audio').filter((name) => name === hash)).toHaveLength(1);
    await t.ok('library.remove', { songid: a._id }, ada);
    expect(filesUnder(t, 'audio')).toContain(hash);
    expect(await db.selectFrom('audioFiles').select('hash').where('hash', '=', hash).executeTakeFirst()).toBeTruthy();
    await t.ok('library.remove', { songid: b._id }, bob);
    expect(filesUnder(t, 'audio')).not.toContain(hash);
    expect(
      await db.selectFrom('audioFiles').select('hash').where('hash', '=', hash).executeTakeFirst(),
    ).toBeUndefined();
  });
  test('an upload racing the removal of the last other song with its bytes keeps them', async () => {
    const [ada, bob] = [await aMember(t), await aMember(t)];
    const bytes = anMp3({ title: 'Raced' });
    const a = await uploaded(t, ada, bytes);
    const { storage } = t.app.services;
    const put = storage.put;
    // Ada removes her song just after Bob's bytes are stored and before his song's row exists:
    // her removal's sweep sees no song for the file and removes its row and bytes.
    storage.put = async (hash, localPath, size) => {
      storage.put = put;
      await put.call(storage, hash, localPath, size);
      await t.ok('library.remove', { songid: a._id }, ada);
      expect(await storage.size(hash)).toBeNull();
    };
    try {
      const b = await uploaded(t, bob, bytes);
      const audio = await t.fetch(`${songAudioPath(b._id)}?userid=${bob.userid}&userauth=${bob.userauth}`);
      expect(audio.status).toBe(200);
      expect(Buffer.from(await audio.arrayBuffer())).toEqual(bytes);
    } finally {
      storage.put = put;
    }
    expect(filesUnder(t, 'tmp')).toEqual([]);
  });
});

describe('shutdown', () => {
  test('an upload that stalls halfway does not hold the server open: close finishes after the grace', async () => {
    const own = await startTestApp();
    let closed = false;
    try {
      const member = await aMember(own);
      const query = new URLSearchParams({ filename: 'stalled.mp3', userid: member.userid, userauth: member.userauth });
      const request = http.request(`${own.baseUrl}${UPLOAD_PATH}?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(1024 * 1024) },
      });
      request.on('error', () => {});
      const ended = new Promise<void>((resolve) => request.once('close', () => resolve()));
      request.write(anMp3());
      // The server is reading the body when it is told to close.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await own.close();
      closed = true;
      // The stalled upload was cut off, not left hanging.
      await ended;
      expect(request.destroyed).toBe(true);
    } finally {
      if (!closed) await own.close();
    }
  });
});
