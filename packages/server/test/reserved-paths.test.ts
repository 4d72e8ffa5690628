/**
 * A room lives at /{shortcut} (spec §2): every path the server answers must
 * start with a segment of the contract's RESERVED_PATH_SEGMENTS, or a room
 * could take the segment and shadow it (or be hidden by it). The routes are
 * read as Fastify registers them, on an app that also serves a web build.
 */
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESERVED_PATH_SEGMENTS, SOCKET_PATH } from '@platter/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

const registered: string[] = [];

/**
 * Fastify announces each new instance on this channel, before any route is added: the hook
 * hears every route the app registers (no mock of fastify, so the API tests can share a worker).
 */
const FASTIFY_CREATED = 'fastify.initialization';
const hearRoutes = ({ fastify }: { fastify: FastifyInstance }) =>
  fastify.addHook('onRoute', (route) => void registered.push(route.url));

/** The web app's public files (icons, the FAQ, favicon, manifest) as a build holds them. */
const WEB_PUBLIC = fileURLToPath(new URL('../../web/public', import.meta.url));

let webDist: string;
let testApp: TestApp;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-dist-'));
  fs.cpSync(WEB_PUBLIC, webDist, { recursive: true });
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'index.js'), '');
  fs.writeFileSync(path.join(webDist, 'index.html'), '<title>Platter</title>');
  diagnostics.subscribe(FASTIFY_CREATED, hearRoutes as (message: unknown) => void);
  try {
    testApp = await startTestApp({ webDist });
  } finally {
    diagnostics.unsubscribe(FASTIFY_CREATED, hearRoutes as (message: unknown) => void);
  }
});

afterAll(async () => {
  await testApp?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/**
 * "/api/:name" → "api"; a file at the root ("/favicon.svg") → its name ("favicon"), so
 * that an address never looks like one of the app's files. The web app's catch-all
 * ("/*": the client's pages, rooms among them) has none.
 */
function firstSegment(url: string): string | null {
  const first = url.split('/')[1] ?? '';
  if (first === '' || first === '*') return null;
  return url.split('/').length === 2 ? first.replace(/\.[a-z0-9]+$/i, '') : first;
}

test('the first segment of every route the server registers is reserved', () => {
  const segments = new Set(registered.map(firstSegment).filter((segment) => segment !== null));
  // The API, sign-in by cookie, media, the sandbox, webhooks and the web build's files are all there.
  for (const expected of ['api', 'logout', 'media', 'sandbox-pay', 'webhooks', 'assets', 'icons', 'static', 'favicon'])
    expect(segments).toContain(expected);
  for (const segment of segments) expect(RESERVED_PATH_SEGMENTS, segment).toContain(segment);
});

test('the realtime sockets are reserved: /socket, and /socket.io for a turntable-compatible gateway', () => {
  expect(RESERVED_PATH_SEGMENTS).toContain(SOCKET_PATH.split('/')[1]);
  expect(RESERVED_PATH_SEGMENTS).toContain('socket.io');
});
