/**
 * The local media folder (DATA_DIR/media) under /media/: cover art now,
 * uploads later. Files are served as stored, never listed, and SVGs get a
 * policy that forbids scripts even when opened directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerMedia(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = path.join(dataDir, 'media');
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '7d',
    setHeaders: (response, filePath) => {
      if (filePath.endsWith('.svg'))
        response.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    },
  });
}
