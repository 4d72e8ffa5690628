/**
 * Real Ogg Vorbis, Ogg Opus, M4A (AAC-LC) and ADTS AAC files, encoded at test time by FFmpeg's own
 * encoders (libvorbis, libopus, FFmpeg's AAC encoder) built to WebAssembly: @ffmpeg/core, a registry
 * package that ships its .wasm, so nothing is fetched. All are made from one signal, also kept as
 * WAV, so that what a file measures (duration, loudness, waveform) can be set beside the WAV's.
 *
 * ffmpeg.wasm 0.12.10's libopus overruns the module's stack on stereo input ("memory access out of
 * bounds"; fixed upstream, not yet released), so the signal is mono. Each file is encoded by a fresh
 * instance of the module (compiled once): no run can leave a damaged heap to the next.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import createFFmpegCore from '@ffmpeg/core';
import { encodeWav } from '../../src/lib/wav';

export type EncodedFormat = 'ogg' | 'opus' | 'm4a' | 'aac';

/** FFmpeg's encoder and container for each format (the M4A in the iPod muxer: brand 'M4A '). */
const ENCODER: Record<EncodedFormat, string[]> = {
  ogg: ['-c:a', 'libvorbis', '-q:a', '4', '-f', 'ogg'],
  opus: ['-c:a', 'libopus', '-b:a', '96k', '-f', 'opus'],
  m4a: ['-c:a', 'aac', '-b:a', '128k', '-f', 'ipod'],
  aac: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'],
};

export const SIGNAL_RATE = 44_100;
export const SIGNAL_SECONDS = 3;
/** Where the sound starts: the signal's first second is silent. */
export const SIGNAL_SILENT_SECONDS = 1;

/**
 * The signal the files hold, mono at 44.1 kHz: a second of silence, then two seconds of two tones
 * (440 Hz and 2.5 kHz, 0.05 of full scale each) over white noise (0.02, from a fixed seed).
 */
export function signal(): Float32Array {
  const samples = new Float32Array(SIGNAL_SECONDS * SIGNAL_RATE);
  let seed = 1;
  for (let i = SIGNAL_SILENT_SECONDS * SIGNAL_RATE; i < samples.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const noise = (seed / 2 ** 31) * 2 - 1;
    const t = i / SIGNAL_RATE;
    samples[i] = 0.05 * Math.sin(2 * Math.PI * 440 * t) + 0.05 * Math.sin(2 * Math.PI * 2500 * t) + 0.02 * noise;
  }
  return samples;
}

/** Node's WebAssembly, which the server's type libraries (ES2023, Node 20's) leave undeclared. */
const { WebAssembly: webAssembly } = globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<object>;
    instantiate(module: object, imports: object): Promise<object>;
  };
};

let compiled: Promise<object> | undefined;

/** A fresh FFmpeg: the module compiled once, instantiated anew. */
async function ffmpeg() {
  const wasm = createRequire(import.meta.url).resolve('@ffmpeg/core/wasm');
  const module = await (compiled ??= fs.promises.readFile(wasm).then((bytes) => webAssembly.compile(bytes)));
  // The module waits for `receive` and would never hear of a failed instantiation: it is raced.
  let failed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => (failed = reject));
  // The module is built for a web worker: it reads `self.location` once, as it starts (synchronously).
  const global = globalThis as { self?: unknown };
  const hadSelf = 'self' in global;
  if (!hadSelf) global.self = { location: { href: import.meta.url } };
  let core: ReturnType<typeof createFFmpegCore>;
  try {
    core = createFFmpegCore({
      instantiateWasm(imports, receive) {
        webAssembly.instantiate(module, imports).then(receive, failed);
        return {};
      },
    });
  } finally {
    if (!hadSelf) delete global.self;
  }
  return Promise.race([core, failure]);
}

export interface EncodeOptions {
  /** A title tag (a Vorbis comment, an OpusTags comment, the M4A's ©nam). */
  title?: string;
  /** M4A: its index (moov) before the audio, as streaming tools write it; by default after, as FFmpeg does. */
  indexFirst?: boolean;
}

/** Encodes a mono WAV with FFmpeg's encoder for `format`. */
export async function encodeAudio(wav: Buffer, format: EncodedFormat, options: EncodeOptions = {}): Promise<Buffer> {
  if (wav.readUInt16LE(22) !== 1) throw new Error('encodeAudio takes mono WAV only (see above)');
  const core = await ffmpeg();
  const log: string[] = [];
  core.setLogger(({ message }) => log.push(message));
  core.FS.writeFile('in.wav', wav);
  const output = `out.${format}`;
  const args = ['-hide_banner', '-loglevel', 'error', '-i', 'in.wav', ...ENCODER[format]];
  if (options.title !== undefined) args.push('-metadata', `title=${options.title}`);
  if (options.indexFirst) args.push('-movflags', '+faststart');
  core.reset();
  const code = core.exec(...args, output);
  if (code !== 0) throw new Error(`FFmpeg could not make ${format} (exit code ${code}): ${log.join('\n')}`);
  return Buffer.from(core.FS.readFile(output));
}

/** The signal as WAV and encoded: each format once, the M4A twice (its index after the audio, and before). */
export interface RealFiles {
  wav: Buffer;
  ogg: Buffer;
  opus: Buffer;
  m4a: Buffer;
  m4aIndexFirst: Buffer;
  aac: Buffer;
}

/** The signal in every format, the tagged ones titled `title`. */
export async function realFiles(title?: string): Promise<RealFiles> {
  const wav = encodeWav([signal()], SIGNAL_RATE);
  return {
    wav,
    ogg: await encodeAudio(wav, 'ogg', { title }),
    opus: await encodeAudio(wav, 'opus', { title }),
    m4a: await encodeAudio(wav, 'm4a', { title }),
    m4aIndexFirst: await encodeAudio(wav, 'm4a', { title, indexFirst: true }),
    aac: await encodeAudio(wav, 'aac'),
  };
}
