/**
 * GET and HEAD /audio/:songid: a song's bytes, with HTTP range requests (206
 * with Content-Range, 416 when unsatisfiable, the whole file without Range),
 * an ETag from the file's hash and long private caching (a hash's bytes never
 * change). Only to the song's owner, or to someone whose room plays it now;
 * anyone else gets the API's envelope with 401/403/404, never the bytes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDIO_PATH_PREFIX, libraryMessages, type AudioFormat, type Envelope } from '@platter/contract';
import type { Services } from '../../api/context';
import { failure, statusOf, type Authenticate } from '../../api/dispatch';
import { ApiError, errors } from '../../api/errors';
import { callerOf } from './http-caller';
import type { ByteRange } from '../../adapters/storage';
import { parseRange } from './byte-range';

export const AUDIO_MAX_AGE_S = 7 * 24 * 60 * 60;

export const CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/** Headers of an audio answer, dropped when it turns into a refusal after all. */
const AUDIO_HEADERS = ['accept-ranges', 'etag', 'content-type', 'content-range', 'content-length'];

function refuse(reply: FastifyReply, error: ApiError) {
  const envelope: Envelope<never> = failure(error);
  for (const header of AUDIO_HEADERS) reply.removeHeader(header);
  return reply.status(statusOf(envelope)).header('cache-control', 'no-store').send(envelope);
}

/**
 * The stored bytes; a file whose bytes are gone (removed by hand, a bucket emptied) is
 * answered as no such song rather than as our failure: nothing here can bring them back.
 */
async function storedBytes(services: Services, request: FastifyRequest, hash: string, range?: ByteRange) {
  try {
    return await services.storage.read(hash, range);
  } catch (error) {
    if ((await services.storage.size(hash).catch(() => undefined)) !== null) throw error;
    request.log.warn({ hash }, 'audio file has a row but no stored bytes');
    throw errors.notFound(libraryMessages.audioUnknown);
  }
}

/** The file the caller may hear as `songId`: their own song's, or their room's playing one's. */
async function audibleFile(services: Services, userId: string, songId: string) {
  const { db } = services;
  const own = await db
    .selectFrom('songs')
    .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
    .select(['audioFiles.hash', 'audioFiles.format', 'audioFiles.size'])
    .where('songs.id', '=', songId)
    .where('songs.userId', '=', userId)
    .executeTakeFirst();
  if (own) return own;
  const playing = await db
    .selectFrom('roomMembers')
    .innerJoin('rooms', 'rooms.id', 'roomMembers.roomId')
    .innerJoin('roomPlays', 'roomPlays.id', 'rooms.currentPlayId')
    .innerJoin('audioFiles', 'audioFiles.hash', 'roomPlays.fileHash')
    .select(['audioFiles.hash', 'audioFiles.format', 'audioFiles.size'])
    .where('roomMembers.userId', '=', userId)
    .where('roomPlays.songId', '=', songId)
    .executeTakeFirst();
  if (playing) return playing;
  const exists = await db.selectFrom('songs').select('id').where('id', '=', songId).executeTakeFirst();
  throw exists ? errors.forbidden(libraryMessages.audioRefused) : errors.notFound(libraryMessages.audioUnknown);
}

export function registerAudioRoute(app: FastifyInstance, services: Services, authenticate: Authenticate): void {
  const handler = async (request: FastifyRequest<{ Params: { songid: string } }>, reply: FastifyReply) => {
    try {
      const caller = await callerOf(services, authenticate, request, { cookies: true });
      // Guests too: a guest in a room hears what it plays (they own no songs, so nothing else).
      if (!caller) throw errors.notAuthenticated();
      const songId = request.params.songid;
      if (!/^[0-9a-f]{24}$/.test(songId)) throw errors.notFound(libraryMessages.audioUnknown);
      const file = await audibleFile(services, caller.userid, songId);
      // A GET finds out when it opens the bytes; a HEAD opens nothing, so it asks the storage.
      if (request.method === 'HEAD' && (await services.storage.size(file.hash)) === null)
        throw errors.notFound(libraryMessages.audioUnknown);
      const size = Number(file.size);
      const etag = `"${file.hash}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', `private, max-age=${AUDIO_MAX_AGE_S}, immutable`)
        .header('content-type', CONTENT_TYPES[file.format as AudioFormat] ?? 'application/octet-stream')
        // Only this file's own bytes, never a page: no sniffing, no scripts.
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // If-Range with another validator: the whole file, as RFC 9110 asks.
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
      const range = parseRange(rangeHeader, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).header('cache-control', 'no-store').send();
      }
      const head = request.method === 'HEAD';
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
      } else reply.status(200).header('content-length', size);
      if (head || size === 0) return reply.send();
      return reply.send(await storedBytes(services, request, file.hash, range ?? undefined));
    } catch (error) {
      if (error instanceof ApiError) return refuse(reply, error);
      request.log.error({ err: error }, 'audio failed');
      return refuse(reply, errors.internal());
    }
  };
  app.route({ method: ['GET', 'HEAD'], url: `${AUDIO_PATH_PREFIX}:songid`, handler });
}
