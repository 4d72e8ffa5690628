/**
 * Serves the built web app: hashed assets as static files, and index.html for
 * every other page path (the client routes), with the product's name and the
 * public settings the page needs written in. Everything text goes compressed
 * to a browser that takes it: the build wrote Brotli and gzip twins of the
 * files (web precompress.ts), and the page is compressed once, here, at start.
 * Source maps stay on disk: they are for whoever debugs a build, not for the public.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { isRoomPath, roomPreloadLinks } from './room-preload';

/** What the page learns from the server before its first API call (web: lib/page-config.ts). */
export interface PageConfig {
  productName: string;
  contactEmail: string | null;
  socialLinks: { label: string; href: string }[] | null;
  /** The human-verification widget to show at sign-up and login, when CAPTCHA_PROVIDER is set. */
  captcha: { provider: 'turnstile' | 'hcaptcha'; siteKey: string } | null;
}

const CONFIG_SLOT = /<script id="platter-config" type="application\/json">[^<]*<\/script>/;

export async function registerWebApp(app: FastifyInstance, config: Config, webDist: string): Promise<void> {
  const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const pageConfig: PageConfig = {
    productName: config.productName,
    contactEmail: config.contactEmail,
    socialLinks: config.socialLinks,
    captcha: config.captcha ? { provider: config.captcha.provider, siteKey: config.captcha.siteKey } : null,
  };
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${config.productName}: play music together`)}</title>`)
    .replace(
      CONFIG_SLOT,
      `<script id="platter-config" type="application/json">${JSON.stringify(pageConfig).replace(/</g, '\\u003c')}</script>`,
    );

  // The installed app's name is the product's name too.
  const manifest = JSON.parse(fs.readFileSync(path.join(webDist, 'manifest.webmanifest'), 'utf8')) as Record<
    string,
    unknown
  >;
  const namedManifest = JSON.stringify({ ...manifest, name: config.productName, short_name: config.productName });
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply.type('application/manifest+json').header('cache-control', 'no-cache').send(namedManifest),
  );

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    cacheControl: false,
    // The page and the manifest are served above, rewritten for this instance; the compressed twins
    // are found by preCompressed beside their files, not served by their own names; maps never.
    globIgnore: ['**/index.html*', '**/manifest.webmanifest', '**/*.br', '**/*.gz', '**/*.map'],
    preCompressed: true,
    // Vite's hashed bundles never change; every other file (icons, the FAQ) may, so it is revalidated.
    setHeaders: (response, filePath) => {
      const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
      response.setHeader(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
      // The same address answers in Brotli, gzip or as is: caches between must keep them apart.
      response.setHeader('vary', 'accept-encoding');
    },
  });

  // Client routes get the page; a missing file (a path with an extension) stays a 404. A room's
  // address gets the page that also preloads the room's code (room-preload.ts).
  const lobbyPage = compressedPage(html);
  const roomHtml = html.replace('</head>', `${roomPreloadLinks(webDist)}</head>`);
  const roomPage = compressedPage(roomHtml);
  app.get('/*', async (request, reply) => {
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return reply.callNotFound();
    const [page, plain] = isRoomPath(request.url) ? [roomPage, roomHtml] : [lobbyPage, html];
    const encoding = page.negotiate(request.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : plain);
  });
}

/** The page in each encoding a browser may take, and the choice for a request's Accept-Encoding. */
function compressedPage(html: string) {
  const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });
  return {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
    negotiate: (acceptEncoding: string | undefined): 'br' | 'gzip' | null =>
      acceptEncoding ? (negotiator.negotiate(acceptEncoding) as 'br' | 'gzip' | null) : null,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
