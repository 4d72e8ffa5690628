/**
 * The demo's MP3s, kept between starts: synthesis and encoding cost about 2.5 s of CPU for the
 * five tracks, paid again by every fresh data folder (a reset demo, each browser test's server).
 * The files live in node_modules/.cache (where build tools keep theirs), under a key made of
 * everything that shapes the bytes: the synthesiser's and the tracks' source, the encoder's
 * source and version, the bit rate and the sample rate. Change any of them and the next start
 * makes the files anew. The cache is only a shortcut: when it cannot be read or written, the
 * tracks are made as before.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_KBPS, SAMPLE_RATE, demoTrackMp3, type DemoTrack } from '.';

const MUSIC_DIR = path.dirname(fileURLToPath(import.meta.url));
const MP3_MODULE = fileURLToPath(new URL('../../lib/mp3.ts', import.meta.url));

/** Where Node finds the encoder: …/node_modules/wasm-media-encoders/dist/index.cjs. */
const encoderEntry = () => createRequire(import.meta.url).resolve('wasm-media-encoders');

/** node_modules/.cache/platter-demo-music, in the node_modules that holds the encoder. */
function defaultCacheDir(): string {
  const entry = encoderEntry();
  const nodeModules = entry.slice(0, entry.lastIndexOf(`${path.sep}wasm-media-encoders${path.sep}`));
  return path.join(nodeModules, '.cache', 'platter-demo-music');
}

/** The encoder package's version, read from its package.json (which its exports do not list). */
function encoderVersion(): string {
  const entry = encoderEntry();
  const packageRoot = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  return (JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The source files the demo's audio comes from: this folder's modules (not its tests) and the encoder's. */
function sourceFiles(): string[] {
  const own = (fs.readdirSync(MUSIC_DIR, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && path.basename(name) !== 'cache.ts')
    .sort();
  return [...own.map((name) => path.join(MUSIC_DIR, name)), MP3_MODULE];
}

let key: string | undefined;

/** One hash of every input to the demo's audio, computed once a process. */
export function demoMusicKey(): string {
  if (key) return key;
  const hash = createHash('sha256').update(`${DEMO_KBPS} kbit/s, ${SAMPLE_RATE} Hz, encoder ${encoderVersion()}\n`);
  for (const file of sourceFiles()) {
    hash.update(`${path.relative(MUSIC_DIR, file)}\n`).update(fs.readFileSync(file));
  }
  key = hash.digest('hex').slice(0, 32);
  return key;
}

/**
 * The track's MP3: from the cache when an earlier start made it from the same inputs, else made
 * now and kept (written to a temporary name, then renamed, so a start running at the same time
 * never reads half a file).
 */
export async function cachedDemoTrackMp3(track: DemoTrack, cacheDir = defaultCacheDir()): Promise<Buffer> {
  let file: string | undefined;
  try {
    file = path.join(
      cacheDir,
      demoMusicKey(),
      `${createHash('sha256').update(track.title).digest('hex').slice(0, 16)}.mp3`,
    );
    return await fs.promises.readFile(file);
  } catch {
    // Not made yet, or the cache is out of reach: make it.
  }
  const mp3 = await demoTrackMp3(track);
  if (file) {
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      await forgetOtherKeys(cacheDir);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(temp, mp3);
      await fs.promises.rename(temp, file);
    } catch {
      await fs.promises.rm(temp, { force: true }).catch(() => {});
    }
  }
  return mp3;
}

/** Files made from older sources are never read again: only the current key's are kept. */
async function forgetOtherKeys(cacheDir: string): Promise<void> {
  const entries = await fs.promises.readdir(cacheDir).catch(() => [] as string[]);
  const current = demoMusicKey();
  await Promise.all(
    entries
      .filter((entry) => entry !== current)
      .map((entry) => fs.promises.rm(path.join(cacheDir, entry), { recursive: true, force: true })),
  );
}
