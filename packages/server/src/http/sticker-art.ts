import type { FastifyInstance } from 'fastify';
import { stickerSvg } from '../features/stickers/art';

/** The stickers' art, drawn from the catalogue's code (features/stickers/art.ts). */
export function registerStickerArt(app: FastifyInstance): void {
  app.get<{ Params: { slug: string } }>('/sticker-art/:slug', async (request, reply) => {
    const slug = request.params.slug.replace(/\.svg$/, '');
    const art = /^[a-z0-9-]{1,40}$/.test(slug) ? stickerSvg(slug) : undefined;
    if (!art) return reply.callNotFound();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(art);
  });
}
