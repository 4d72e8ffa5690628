/** Audio in an S3-compatible bucket, one object per file keyed audio/<first two hex>/<hash>. */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from './config';
import type { AudioStorage, ByteRange } from './index';
import { checkedHash } from './index';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export function s3Storage(config: S3Config, dataDir: string): AudioStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  const keyOf = (hash: string) => `audio/${checkedHash(hash).slice(0, 2)}/${hash}`;

  async function size(hash: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(hash) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function read(hash: string, range?: ByteRange): Promise<Readable> {
    const object = await client.send(
      new GetObjectCommand({
        Bucket,
        Key: keyOf(hash),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(object.Body instanceof Readable)) throw new Error('The S3 client gave no stream.');
    return object.Body;
  }

  return {
    async put(hash, localPath, bytes) {
      if ((await size(hash)) === bytes) return;
      // Streamed from the file in parts: never held whole in memory.
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(hash), Body: fs.createReadStream(localPath), ContentLength: bytes },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      await upload.done();
    },
    read,
    size,
    async remove(hash) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(hash) }));
    },
    async localCopy(hash) {
      const scratch = path.join(dataDir, 'tmp');
      await fs.promises.mkdir(scratch, { recursive: true });
      const folder = await fs.promises.mkdtemp(path.join(scratch, 'copy-'));
      const file = path.join(folder, hash);
      await pipeline(await read(hash), fs.createWriteStream(file));
      return { path: file, release: () => fs.promises.rm(folder, { recursive: true, force: true }) };
    },
    close() {
      client.destroy();
    },
  };
}
