import fs from 'node:fs';

/** The file's bytes from `start` to `end` (as many as there are), read into one buffer. */
export async function readRange(file: string, start: number, end: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.max(0, end - start));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
