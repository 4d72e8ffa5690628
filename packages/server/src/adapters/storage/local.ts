/** Audio in a local folder: DATA_DIR/audio/<first two hex of the hash>/<hash>. */
import fs from 'node:fs';
import path from 'node:path';
import type { AudioStorage } from './index';
import { checkedHash } from './index';

export function localStorage(dataDir: string): AudioStorage {
  const root = path.join(dataDir, 'audio');
  const fileOf = (hash: string) => path.join(root, checkedHash(hash).slice(0, 2), hash);

  return {
    async put(hash, localPath) {
      const target = fileOf(hash);
      if (fs.existsSync(target)) return;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Placed under a temporary name and renamed: a reader never sees half a file. A hard link
      // when the upload's temporary file is on the same disk (its bytes are not written twice),
      // else a copy.
      const partial = `${target}.${process.pid}.${Date.now()}.partial`;
      await fs.promises.link(localPath, partial).catch(() => fs.promises.copyFile(localPath, partial));
      await fs.promises.rename(partial, target);
    },
    async read(hash, range) {
      const file = fileOf(hash);
      await fs.promises.access(file);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async size(hash) {
      try {
        return (await fs.promises.stat(fileOf(hash))).size;
      } catch {
        return null;
      }
    },
    async remove(hash) {
      await fs.promises.rm(fileOf(hash), { force: true });
    },
    async localCopy(hash) {
      const file = fileOf(hash);
      await fs.promises.access(file);
      return { path: file, release: async () => {} };
    },
    close() {},
  };
}
