/**
 * Walks a stream of self-delimiting frames (MP3, ADTS AAC: each header says
 * its frame's length, and nothing says how many frames there are) to tell a
 * file cut short from a whole one: a cut almost always falls inside a frame,
 * whose header then promises more bytes than the file has, or inside the last
 * header itself. Reads in chunks: memory stays flat however long the file.
 */
import fs from 'node:fs';

export interface FrameFormat {
  /** Bytes a header takes (all of them are read before `lengthAt`). */
  headerSize: number;
  /** The frame's length in bytes from its header at `at`, or null when the bytes there are not a header. */
  lengthAt(bytes: Buffer, at: number): number | null;
}

const CHUNK = 256 * 1024;

/** True when the file's last frame runs past its end (the file was cut short). `start`: where the audio begins. */
export async function framesCutShort(file: string, start: number, size: number, format: FrameFormat): Promise<boolean> {
  const { headerSize, lengthAt } = format;
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK);
    let chunkStart = 0;
    let chunkLength = 0;
    /** The frame length the header at `position` says, reading the next chunk only when it is past this one. */
    const headerAt = async (position: number): Promise<number | null> => {
      if (position < chunkStart || position + headerSize > chunkStart + chunkLength) {
        chunkStart = position;
        chunkLength = (await handle.read(buffer, 0, CHUNK, position)).bytesRead;
        if (chunkLength < headerSize) return null;
      }
      return lengthAt(buffer, position - chunkStart);
    };
    let position = start;
    // Arrived here from the end of a believed frame (not by scanning past junk).
    let inStep = false;
    while (position + headerSize <= size) {
      const length = await headerAt(position);
      const next = length === null ? -1 : position + length;
      if (length === null || next > size) {
        // A frame that follows frames and runs past the end: the file was cut inside it.
        if (length !== null && inStep) return true;
        // Otherwise junk or a trailing tag (ID3v1, APE): look for a frame from the next byte.
        inStep = false;
        position++;
        continue;
      }
      // Found by scanning, a header is only believed when another one (or the end) follows it:
      // random bytes can look like a header.
      if (!inStep && next + headerSize <= size && (await headerAt(next)) === null) {
        position++;
        continue;
      }
      inStep = true;
      position = next;
    }
    // Frames up to here, then fewer bytes than a header that begin like one: cut inside the last header.
    if (inStep && position < size) {
      const rest = Buffer.alloc(1);
      await handle.read(rest, 0, 1, position);
      return rest[0] === 0xff;
    }
    return false;
  } finally {
    await handle.close();
  }
}
