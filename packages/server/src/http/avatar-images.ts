/**
 * Avatar pictures (spec §7): /roommanager_assets/avatars/{avatarId}/{size}.png
 * with size fullfront or headfront, and the custom avatar maker's layers at
 * /roommanager_assets/avatars/custom/{file}.png (the User's custom_avatar
 * hf, bf and sf). Unknown ids and sizes are 404. See docs/avatars.md.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { customAvatarParts } from '@platter/contract';
import { AvatarPictures, avatarSvg, layerSvgOf, type Picture } from '../features/avatars/pictures';

const SIZES = new Set(['fullfront', 'headfront'] as const);
type Size = 'fullfront' | 'headfront';

/** A day: art changes rarely, and the ETag makes a changed picture cheap to check. */
const CACHE_CONTROL = 'public, max-age=86400';

export function registerAvatarImages(app: FastifyInstance, dataDir: string): void {
  const pictures = new AvatarPictures(path.join(dataDir, 'media', 'avatars'));

  const send = (request: FastifyRequest, reply: FastifyReply, picture: Picture) => {
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', picture.etag)
      // Scripts are never part of our art; say so for anyone opening a picture directly.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type(picture.type);
    if (request.headers['if-none-match'] === picture.etag) return reply.status(304).send();
    return reply.send(picture.body);
  };

  app.get<{ Params: { avatarId: string; file: string } }>(
    '/roommanager_assets/avatars/:avatarId/:file',
    async (request, reply) => {
      const { avatarId, file } = request.params;
      const size = file.replace(/\.png$/, '') as Size;
      if (!/^\d{1,7}$/.test(avatarId) || !file.endsWith('.png') || !SIZES.has(size)) return reply.callNotFound();
      const id = Number(avatarId);
      const svg = avatarSvg(id, size);
      if (!svg) return reply.callNotFound();
      return send(request, reply, await pictures.picture(`${id}/${size}`, svg, customAvatarParts(id) === null));
    },
  );

  app.get<{ Params: { file: string } }>('/roommanager_assets/avatars/custom/:file', async (request, reply) => {
    const name = request.params.file.replace(/\.png$/, '');
    const svg = request.params.file.endsWith('.png') ? layerSvgOf(name) : null;
    if (!svg) return reply.callNotFound();
    return send(request, reply, await pictures.picture(`custom/${name}`, svg));
  });
}
