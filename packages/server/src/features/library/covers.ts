/**
 * Cover art, content-addressed into DATA_DIR/media/covers/<sha256>.<ext> and
 * served publicly by /media/ (lobby tiles show it). Only pictures whose bytes
 * say they are JPEG, PNG, WebP or GIF are kept, and only up to COVER_MAX_BYTES:
 * a larger one is ignored, the song is stored without it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const COVERS_PATH = '/media/covers/';
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
const PICTURE_TYPES = new Set(['jpg', 'png', 'webp', 'gif']);

export interface Cover {
  /** `<sha256>.<ext>`: its name under /media/covers/. */
  name: string;
  data: Uint8Array;
}

/** The picture as a cover we keep, or null when it is none (not a picture, empty, too large). */
export async function coverOf(data: Uint8Array | undefined): Promise<Cover | null> {
  if (!data || data.length === 0 || data.length > COVER_MAX_BYTES) return null;
  // Loaded with the first upload, not at every start.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  if (!type || !PICTURE_TYPES.has(type.ext)) return null;
  return { name: `${createHash('sha256').update(data).digest('hex')}.${type.ext}`, data };
}

/** Writes the cover into the media folder (once: the same picture has the same name). */
export async function storeCover(dataDir: string, cover: Cover): Promise<void> {
  const folder = path.join(dataDir, 'media', 'covers');
  const file = path.join(folder, cover.name);
  if (fs.existsSync(file)) return;
  await fs.promises.mkdir(folder, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await fs.promises.writeFile(partial, cover.data);
  await fs.promises.rename(partial, file);
}
