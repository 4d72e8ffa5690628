/**
 * Audio files made in code for tests (nothing is downloaded): a WAV writer, an
 * MP3 encoder (lamejs) and an ID3v2 tag writer, all from a short tone.
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

/** A PCM WAV file (RIFF, 16-bit) of the tone. */
export function wavFile(tone: Tone = {}): Buffer {
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
  return file;
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
