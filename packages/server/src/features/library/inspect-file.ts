/**
 * What an uploaded file is, from its bytes (never its name): its format
 * (sniffed with file-type), its tags and duration (music-metadata), and
 * whether it is whole (whole-file.ts). Refuses, with the contract's words, a file that is not
 * audio we play, is empty, or is damaged or cut short.
 *
 * Tag bombs: an ID3v2 tag larger than TAG_MAX_BYTES is not read at all (the
 * audio after it is; its title comes from the file's name), so a tag claiming
 * hundreds of megabytes, or thousands of frames, costs neither memory nor
 * time; other containers' tags are bounded by the upload limit. Text is cut
 * to SONG_TITLE_MAX and a picture over COVER_MAX_BYTES is ignored (covers.ts).
 * The whole look is given INSPECT_TIMEOUT_MS.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { IAudioMetadata } from 'music-metadata';
import { SONG_TITLE_MAX, libraryMessages, type AudioFormat } from '@platter/contract';
import { ApiError, errors } from '../../api/errors';
import { cutShort } from './whole-file';

export const TAG_MAX_BYTES = 16 * 1024 * 1024;
const INSPECT_TIMEOUT_MS = 60_000;

/** file-type's names for the formats we accept (an MP4 only when it holds audio alone). */
const FORMAT_OF: Record<string, AudioFormat> = {
  mp3: 'mp3',
  aac: 'aac',
  m4a: 'm4a',
  mp4: 'm4a',
  ogg: 'ogg',
  opus: 'opus',
  flac: 'flac',
  wav: 'wav',
};

export interface InspectedFile {
  format: AudioFormat;
  durationMs: number;
  title: string;
  artist: string;
  album: string;
  picture: Uint8Array | undefined;
}

/** Tag text as we keep it: no control characters (PostgreSQL refuses NUL), trimmed, at most SONG_TITLE_MAX. */
export function tagText(value: unknown): string {
  if (typeof value !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return Array.from(clean).slice(0, SONG_TITLE_MAX).join('').trim();
}

/** A title from the file's name: its last path part without the extension. */
export function titleFromFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[a-z0-9]{1,5}$/i, '');
  return tagText(stem) || tagText(base);
}

/** The size an ID3v2 tag at the start of the file takes (0 when there is none). */
/** The tag readers load with the first upload, not at every start (a few dozen modules). */
const metadataReader = () => import('music-metadata');

async function id3v2Size(file: string): Promise<number> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const header = Buffer.alloc(10);
    const { bytesRead } = await handle.read(header, 0, 10, 0);
    if (bytesRead < 10 || header.toString('latin1', 0, 3) !== 'ID3') return 0;
    const size =
      ((header[6]! & 0x7f) << 21) | ((header[7]! & 0x7f) << 14) | ((header[8]! & 0x7f) << 7) | (header[9]! & 0x7f);
    const footer = header[5]! & 0x10 ? 10 : 0;
    return 10 + size + footer;
  } finally {
    await handle.close();
  }
}

/** music-metadata's warnings that mean the file ends before its structure says it does. */
const CUT_SHORT = /exceed|truncat|end of (file|stream)|unexpected end|premature/i;

async function readMetadata(
  file: string,
  format: AudioFormat,
  size: number,
): Promise<{ meta: IAudioMetadata; tagsSkipped: boolean; audioStart: number }> {
  const tagSize = format === 'mp3' || format === 'aac' ? await id3v2Size(file) : 0;
  if (tagSize > size) throw errors.invalid(libraryMessages.damaged);
  if (tagSize <= TAG_MAX_BYTES)
    return {
      meta: await (await metadataReader()).parseFile(file, { duration: true }),
      tagsSkipped: false,
      audioStart: tagSize,
    };
  // Too large a tag to read: the audio after it is looked at alone, from a copy (streamed, not held).
  const audioOnly = `${file}.audio`;
  try {
    await pipeline(fs.createReadStream(file, { start: tagSize }), fs.createWriteStream(audioOnly));
    const meta = await (await metadataReader()).parseFile(audioOnly, { duration: true, skipCovers: true });
    return { meta, tagsSkipped: true, audioStart: tagSize };
  } finally {
    await fs.promises.rm(audioOnly, { force: true });
  }
}

async function inspect(file: string, filename: string, size: number): Promise<InspectedFile> {
  if (size === 0) throw errors.invalid(libraryMessages.empty);
  const { fileTypeFromFile } = await import('file-type');
  const sniffed = await fileTypeFromFile(file);
  const format = sniffed ? FORMAT_OF[sniffed.ext] : undefined;
  if (!format) throw errors.invalid(libraryMessages.notAudio);

  let read: Awaited<ReturnType<typeof readMetadata>>;
  try {
    read = await readMetadata(file, format, size);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw errors.invalid(libraryMessages.damaged);
  }
  const { meta, tagsSkipped, audioStart } = read;
  if (meta.format.hasVideo) throw errors.invalid(libraryMessages.notAudio);
  const duration = meta.format.duration;
  if (meta.format.hasAudio === false || !duration || !Number.isFinite(duration) || duration <= 0)
    throw errors.invalid(libraryMessages.damaged);
  // Every format is checked by its own structure (whole-file.ts). music-metadata's warnings add to
  // that where they are trusted: on MP3 and WAV they misfire on whole files.
  const structureStart = format === 'flac' ? await id3v2Size(file) : audioStart;
  const warnedCut =
    format !== 'mp3' && format !== 'wav' && meta.quality.warnings.some((warning) => CUT_SHORT.test(warning.message));
  if (warnedCut || (await cutShort(format, file, structureStart, size))) throw errors.invalid(libraryMessages.damaged);

  const common: Partial<IAudioMetadata['common']> = tagsSkipped ? {} : meta.common;
  return {
    format,
    durationMs: Math.round(duration * 1000),
    title: tagText(common.title) || titleFromFilename(filename) || 'Untitled',
    artist: tagText(common.artist),
    album: tagText(common.album),
    picture: common.picture?.[0]?.data,
  };
}

/** Inspects the file within INSPECT_TIMEOUT_MS; a file that takes longer is refused as damaged. */
export function inspectFile(file: string, filename: string, size: number): Promise<InspectedFile> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(errors.invalid(libraryMessages.damaged)), INSPECT_TIMEOUT_MS);
  });
  return Promise.race([inspect(file, filename, size), deadline]).finally(() => clearTimeout(timer));
}
