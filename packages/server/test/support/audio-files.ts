/**
 * Audio files made in code for tests (nothing is downloaded): a WAV writer, an
 * MP3 encoder (lamejs) and an ID3v2 tag writer, all from a short tone; a FLAC
 * writer; and hand-made Ogg Vorbis, Opus, M4A and ADTS files whose structure is
 * real but whose audio is silence or filler, for the structure's own cases (a
 * stream without end-of-stream, an MP4 with a video track). Real Ogg Vorbis,
 * Opus, M4A and AAC encoder output is in encoded-files.ts.
 * Other helpers' tests reuse them (the seed, analysis, playback journeys).
 */
import { Mp3Encoder } from '@breezystack/lamejs';

export interface Tone {
  /** Seconds. */
  seconds?: number;
  sampleRate?: number;
  /** Hz. */
  frequency?: number;
  /** 0..1 of full scale. */
  amplitude?: number;
  channels?: 1 | 2;
}

/** A sine tone as 16-bit samples, one array per channel. */
export function toneSamples(tone: Tone = {}): Int16Array[] {
  const { seconds = 1, sampleRate = 44_100, frequency = 440, amplitude = 0.5, channels = 1 } = tone;
  const length = Math.round(seconds * sampleRate);
  const samples = new Int16Array(length);
  for (let i = 0; i < length; i++)
    samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * amplitude * 32767);
  return Array.from({ length: channels }, () => samples);
}

/** A PCM WAV file (RIFF, 16-bit) of the tone; with `tags`, an ID3v2 tag in an `id3 ` chunk after the audio. */
export function wavFile(tone: Tone = {}, tags?: Id3Tags): Buffer {
  const sampleRate = tone.sampleRate ?? 44_100;
  const channels = toneSamples(tone);
  const frames = channels[0]!.length;
  const dataBytes = frames * channels.length * 2;
  const file = Buffer.alloc(44 + dataBytes);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + dataBytes, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(channels.length, 22);
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * channels.length * 2, 28);
  file.writeUInt16LE(channels.length * 2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(dataBytes, 40);
  let offset = 44;
  for (let i = 0; i < frames; i++)
    for (const channel of channels) {
      file.writeInt16LE(channel[i]!, offset);
      offset += 2;
    }
  if (!tags) return file;
  const tag = id3Tag(tags);
  const chunk = Buffer.alloc(8 + tag.length + (tag.length % 2)); // chunks are padded to an even size
  chunk.write('id3 ', 0, 'ascii');
  chunk.writeUInt32LE(tag.length, 4);
  tag.copy(chunk, 8);
  const tagged = Buffer.concat([file, chunk]);
  tagged.writeUInt32LE(tagged.length - 8, 4);
  return tagged;
}

/** An MP3 of the tone (lamejs, 128 kbps CBR), optionally behind an ID3v2 tag. */
export function mp3File(tone: Tone = {}, tags?: Id3Tags): Buffer {
  const sampleRate = tone.sampleRate ?? 44_100;
  const channels = toneSamples(tone);
  const encoder = new Mp3Encoder(channels.length, sampleRate, 128);
  const parts: Uint8Array[] = [];
  const block = 1152;
  for (let at = 0; at < channels[0]!.length; at += block) {
    const [left, right] = channels.map((channel) => channel.subarray(at, at + block));
    parts.push(encoder.encodeBuffer(left!, right));
  }
  parts.push(encoder.flush());
  // lamejs hands back Int8Arrays: view their bytes as they are.
  const audio = Buffer.concat(parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)));
  return tags ? Buffer.concat([id3Tag(tags), audio]) : audio;
}

export interface Id3Tags {
  title?: string;
  artist?: string;
  album?: string;
  /** An attached picture (APIC, front cover). */
  picture?: { mime: string; data: Buffer };
  /** Frames of filler (TXXX) to make a tag with thousands of frames. */
  extraFrames?: number;
  /** Overrides the size the tag's header declares (a tag that lies about its size). */
  declaredSize?: number;
}

/** A synchsafe integer (7 bits a byte), as ID3v2 sizes are. */
function synchsafe(value: number): Buffer {
  return Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
}

function id3Frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'ascii');
  synchsafe(body.length).copy(header, 4);
  return Buffer.concat([header, body]);
}

const textFrame = (id: string, text: string) =>
  id3Frame(id, Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')]));

/** An ID3v2.4 tag with the given frames. */
export function id3Tag(tags: Id3Tags): Buffer {
  const frames: Buffer[] = [];
  if (tags.title !== undefined) frames.push(textFrame('TIT2', tags.title));
  if (tags.artist !== undefined) frames.push(textFrame('TPE1', tags.artist));
  if (tags.album !== undefined) frames.push(textFrame('TALB', tags.album));
  for (let i = 0; i < (tags.extraFrames ?? 0); i++)
    frames.push(id3Frame('TXXX', Buffer.concat([Buffer.from([3]), Buffer.from(`filler${i}\0${'x'.repeat(40)}`)])));
  if (tags.picture) {
    const { mime, data } = tags.picture;
    // encoding, MIME, NUL, picture type 3 (front cover), empty description, NUL, the bytes.
    frames.push(
      id3Frame('APIC', Buffer.concat([Buffer.from([3]), Buffer.from(`${mime}\0`), Buffer.from([3, 0]), data])),
    );
  }
  const body = Buffer.concat(frames);
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0]);
  return Buffer.concat([header, synchsafe(tags.declaredSize ?? body.length), body]);
}

/** A tiny PNG (1×1, red): a picture file-type recognises, for cover art. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** CRC-8 (poly 0x07) and CRC-16 (poly 0x8005), MSB first, as FLAC frames carry them. */
function flacCrc(bytes: Uint8Array, width: 8 | 16): number {
  const poly = width === 8 ? 0x07 : 0x8005;
  const top = 1 << (width - 1);
  const mask = (1 << width) - 1;
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << (width - 8);
    for (let bit = 0; bit < 8; bit++) crc = crc & top ? ((crc << 1) ^ poly) & mask : (crc << 1) & mask;
  }
  return crc;
}

/** A frame number as FLAC codes it (UTF-8-like); up to 65535 frames, a long enough file for tests. */
function flacFrameNumber(value: number): number[] {
  if (value < 0x80) return [value];
  if (value < 0x800) return [0xc0 | (value >> 6), 0x80 | (value & 0x3f)];
  if (value < 0x10000) return [0xe0 | (value >> 12), 0x80 | ((value >> 6) & 0x3f), 0x80 | (value & 0x3f)];
  throw new Error('flacFile makes files of at most 65535 frames');
}

/** A FLAC file of the tone (mono, 16-bit, verbatim subframes: valid, if not compressed). */
export function flacFile(tone: Tone = {}): Buffer {
  const sampleRate = tone.sampleRate ?? 44_100;
  const [samples] = toneSamples({ ...tone, channels: 1 });
  const total = samples!.length;
  const block = 4096;
  const info = Buffer.alloc(4 + 34);
  info[0] = 0x80; // last metadata block, STREAMINFO
  info.writeUIntBE(34, 1, 3);
  info.writeUInt16BE(block, 4);
  info.writeUInt16BE(block, 6);
  // Sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36).
  const packed = (BigInt(sampleRate) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(total);
  info.writeBigUInt64BE(packed, 14);
  const frames: Buffer[] = [];
  for (let index = 0, at = 0; at < total; index++, at += block) {
    const chunk = samples!.subarray(at, at + block);
    const header = Buffer.from([
      0xff,
      0xf8,
      0x79,
      0x08,
      ...flacFrameNumber(index),
      (chunk.length - 1) >> 8,
      (chunk.length - 1) & 0xff,
    ]);
    const body = Buffer.alloc(1 + chunk.length * 2);
    body[0] = 0x02; // verbatim subframe
    chunk.forEach((sample, i) => body.writeInt16BE(sample, 1 + i * 2));
    const frame = Buffer.concat([header, Buffer.from([flacCrc(header, 8)]), body]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(flacCrc(frame, 16));
    frames.push(frame, crc);
  }
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), info, ...frames]);
}

/** Ogg's CRC-32 (poly 0x04C11DB7, MSB first, no reflection). */
function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** One Ogg page holding one packet (under 255 × 255 bytes). */
function oggPage(packet: Buffer, sequence: number, granule: bigint, flags: number): Buffer {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(0x504c4154, 14); // the stream's serial number
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  const page = Buffer.concat([header, Buffer.from(lacing), packet]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

export interface OggOptions {
  /** false: the last page lacks the end-of-stream flag (as a stream cut between pages does). */
  endOfStream?: boolean;
}

const lastPageFlags = ({ endOfStream = true }: OggOptions) => (endOfStream ? 0x04 : 0);

/**
 * An Ogg Opus file of silence (20 ms packets whose one frame is empty, which decoders play as
 * silence), with an OpusTags title: the structure is real, the sound is not the tone.
 */
export function opusFile(seconds = 1, title?: string, options: OggOptions = {}): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48_000, 12);
  const vendor = Buffer.from('platter-tests');
  const comments = title ? [Buffer.from(`TITLE=${title}`)] : [];
  const tags = Buffer.concat([
    Buffer.from('OpusTags', 'latin1'),
    Buffer.from(Uint32Array.of(vendor.length).buffer),
    vendor,
    Buffer.from(Uint32Array.of(comments.length).buffer),
    ...comments.flatMap((c) => [Buffer.from(Uint32Array.of(c.length).buffer), c]),
  ]);
  const pages = [oggPage(head, 0, 0n, 0x02), oggPage(tags, 1, 0n, 0)];
  const packets = Math.round((seconds * 1000) / 20);
  for (let i = 0; i < packets; i++) {
    // TOC 0xF8: CELT-only fullband 20 ms, one frame; no frame data.
    const granule = BigInt(312 + (i + 1) * 960);
    pages.push(oggPage(Buffer.from([0xf8]), 2 + i, granule, i === packets - 1 ? lastPageFlags(options) : 0));
  }
  return Buffer.concat(pages);
}

/** An ADTS AAC file (AAC-LC, mono, 44.1 kHz) of silent frames: valid headers, silence as the payload. */
export function adtsFile(seconds = 1): Buffer {
  const payload = Buffer.from([0x21, 0x10, 0x04, 0x60, 0x8c, 0x1c]);
  const length = 7 + payload.length;
  const header = Buffer.from([
    0xff,
    0xf1, // MPEG-4, no CRC
    (1 << 6) | (4 << 2) | 0, // AAC-LC, 44.1 kHz
    (1 << 6) | ((length >> 11) & 0x03), // mono
    (length >> 3) & 0xff,
    ((length & 0x07) << 5) | 0x1f,
    0xfc,
  ]);
  const frames = Math.ceil((seconds * 44_100) / 1024);
  return Buffer.concat(Array.from({ length: frames }, () => Buffer.concat([header, payload])));
}

/** An MP4 box: size, type, payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const u32 = (...values: number[]) =>
  Buffer.concat(values.map((v) => Buffer.from([v >>> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255])));
const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

/**
 * An MP4 file's structure (ftyp, moov with one track, mdat) saying how long it is: M4A audio
 * (brand 'M4A ', a sound track), or with `video` a generic MP4 whose track is video. The media
 * data is filler: enough for tags and duration, not for playing.
 */
export function mp4File(seconds = 1, options: { video?: boolean } = {}): Buffer {
  const video = options.video ?? false;
  const ms = Math.round(seconds * 1000);
  const ftyp = box(
    'ftyp',
    Buffer.from(video ? 'isom' : 'M4A ', 'latin1'),
    u32(0),
    Buffer.from(video ? 'isomavc1' : 'M4A isom', 'latin1'),
  );
  const mvhd = box(
    'mvhd',
    u32(0, 0, 0, 1000, ms, 0x10000),
    Buffer.from([1, 0]),
    Buffer.alloc(10),
    MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = box(
    'tkhd',
    u32(7, 0, 0, 1, 0, ms, 0, 0, 0),
    Buffer.from([1, 0, 0, 0]),
    MATRIX,
    u32(video ? 320 << 16 : 0, video ? 240 << 16 : 0),
  );
  const mdhd = box('mdhd', u32(0, 0, 0, 44_100, Math.round(seconds * 44_100)), Buffer.from([0x55, 0xc4, 0, 0]));
  const hdlr = box(
    'hdlr',
    u32(0, 0),
    Buffer.from(video ? 'vide' : 'soun', 'latin1'),
    Buffer.alloc(12),
    Buffer.from('Handler\0'),
  );
  // One sound sample description (mp4a: 1 channel, 16 bits, 44.1 kHz), where the sample rate is read.
  const mp4a = box(
    'mp4a',
    Buffer.alloc(6),
    Buffer.from([0, 1]),
    Buffer.alloc(8),
    Buffer.from([0, 1, 0, 16, 0, 0, 0, 0]),
    u32((44_100 << 16) >>> 0),
  );
  const stbl = box(
    'stbl',
    box('stsd', u32(0, 1), mp4a),
    box('stts', u32(0, 0)),
    box('stsc', u32(0, 0)),
    box('stsz', u32(0, 0, 0)),
    box('stco', u32(0, 0)),
  );
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', stbl)));
  return Buffer.concat([ftyp, box('moov', mvhd, trak), box('mdat', Buffer.alloc(2048))]);
}

/**
 * An Ogg Vorbis file's structure: identification and comment headers (with a TITLE), a setup
 * packet and audio pages whose granule positions say how long it is. The setup and audio
 * packets are filler (a real Vorbis setup header is a codebook compiler's output): enough for
 * sniffing, tags and duration, not for decoding.
 */
export function vorbisFile(seconds = 1, title?: string, options: OggOptions = {}): Buffer {
  const ident = Buffer.alloc(30);
  ident[0] = 1;
  ident.write('vorbis', 1, 'latin1');
  ident[11] = 1; // channels
  ident.writeUInt32LE(44_100, 12);
  ident.writeInt32LE(128_000, 20); // nominal bitrate
  ident[28] = 0xb8; // block sizes 256 and 2048
  ident[29] = 1; // framing
  const vendor = Buffer.from('platter-tests');
  const comments = title ? [Buffer.from(`TITLE=${title}`)] : [];
  const comment = Buffer.concat([
    Buffer.from([3]),
    Buffer.from('vorbis', 'latin1'),
    Buffer.from(Uint32Array.of(vendor.length).buffer),
    vendor,
    Buffer.from(Uint32Array.of(comments.length).buffer),
    ...comments.flatMap((c) => [Buffer.from(Uint32Array.of(c.length).buffer), c]),
    Buffer.from([1]),
  ]);
  const setup = Buffer.concat([Buffer.from([5]), Buffer.from('vorbis', 'latin1'), Buffer.alloc(32)]);
  const pages = [oggPage(ident, 0, 0n, 0x02), oggPage(comment, 1, 0n, 0), oggPage(setup, 2, 0n, 0)];
  const packets = Math.ceil((seconds * 44_100) / 1024);
  for (let i = 0; i < packets; i++) {
    const granule = BigInt(Math.min((i + 1) * 1024, Math.round(seconds * 44_100)));
    pages.push(oggPage(Buffer.alloc(40), 3 + i, granule, i === packets - 1 ? lastPageFlags(options) : 0));
  }
  return Buffer.concat(pages);
}
