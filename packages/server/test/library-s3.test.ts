/**
 * The S3-compatible storage (STORAGE=s3) against s3rver, a local S3 server
 * started here: uploads stream into the bucket, audio is served from it with
 * ranges, a shared file is one object, and it goes with the last song.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { songAudioPath } from '@platter/contract';
import { loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';
import { anMp3, uploaded } from './support/library';

let s3: S3rver;
let s3Folder: string;
let t: TestApp;

beforeAll(async () => {
  s3Folder = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Folder,
    silent: true,
    configureBuckets: [{ name: 'platter-audio' }],
  });
  const { port } = await s3.run();
  // Read from the environment as an operator would set it.
  const { library } = loadConfig({
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'platter-audio',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  expect(library.storage).toMatchObject({ kind: 's3', forcePathStyle: true, region: 'us-east-1' });
  t = await startTestApp({ library });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(s3Folder, { recursive: true, force: true });
});

test('songs are stored once in the bucket, served with ranges, and removed with the last song', async () => {
  const [ada, bob] = [await aMember(t), await aMember(t)];
  const bytes = anMp3({ title: 'Bucketed' }, { seconds: 2 });
  const a = await uploaded(t, ada, bytes);
  const b = await uploaded(t, bob, bytes);
  const { storage, db } = t.app.services;
  const { fileHash } = await db
    .selectFrom('songs')
    .select('fileHash')
    .where('id', '=', a._id)
    .executeTakeFirstOrThrow();
  expect(await storage.size(fileHash)).toBe(bytes.length);
  // Nothing of it on the local disk.
  expect(fs.existsSync(path.join(t.app.services.config.dataDir, 'audio'))).toBe(false);

  const ranged = await t.fetch(`${songAudioPath(a._id)}?userid=${ada.userid}&userauth=${ada.userauth}`, {
    headers: { range: 'bytes=-100' },
  });
  expect(ranged.status).toBe(206);
  expect(ranged.headers.get('content-range')).toBe(`bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`);
  expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 100));

  const copy = await storage.localCopy(fileHash);
  expect(fs.readFileSync(copy.path)).toEqual(bytes);
  await copy.release();
  expect(fs.existsSync(copy.path)).toBe(false);

  await t.ok('library.remove', { songid: a._id }, ada);
  expect(await storage.size(fileHash)).toBe(bytes.length);
  await t.ok('library.remove', { songid: b._id }, bob);
  expect(await storage.size(fileHash)).toBeNull();
});

test('bad music settings stop the start with the variable named', () => {
  expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: must be set when STORAGE is s3/);
  expect(() => loadConfig({ S3_BUCKET: 'x' })).toThrow(/S3_BUCKET: is used only with STORAGE=s3/);
  expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE: must be local or s3/);
  expect(() => loadConfig({ UPLOAD_MAX_MB: 'lots' })).toThrow(/UPLOAD_MAX_MB: must be a whole number of megabytes/);
  expect(() => loadConfig({ LIBRARY_QUOTA_MB: '0' })).toThrow(/LIBRARY_QUOTA_MB: must be a whole number of megabytes/);
  expect(loadConfig({ UPLOAD_MAX_MB: '5', LIBRARY_QUOTA_MB: '50' }).library).toEqual({
    uploadMaxBytes: 5 * 1024 * 1024,
    quotaBytes: 50 * 1024 * 1024,
    storage: { kind: 'local' },
  });
});
