/**
 * POST /api/library.upload?filename=<name>: one file's bytes as the body (any
 * content type; a page sends it with XHR to show progress), answered with the
 * API's envelope. Its own route because the body is a file, not JSON: it
 * streams to a temporary file, is checked (size, quota, type, tags), stored
 * content-addressed, and becomes a song at the end of the active playlist.
 * Whatever is refused leaves nothing behind.
 */
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiMessages, UPLOAD_PATH, libraryMessages, type Envelope, type LibrarySong } from '@platter/contract';
import type { Services } from '../../api/context';
import { failure, statusOf, type Authenticate } from '../../api/dispatch';
import { ApiError, errors } from '../../api/errors';
import { addSong } from './add-song';
import { coverOf, storeCover } from './covers';
import { sweepOrphanFiles } from './files';
import { callerOf } from './http-caller';
import { inspectFile, tagText } from './inspect-file';
import { receiveUpload, sweepStaleTemp, tempFileFor } from './receive-upload';
import { bytesUsed } from './songs';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

const MB = 1024 * 1024;
/** The most of a refused body read and dropped rather than cut off. */
const DRAIN_MAX_BYTES = 1024 * MB;

function send(reply: FastifyReply, envelope: Envelope<unknown>) {
  return reply.status(statusOf(envelope)).header('cache-control', 'no-store').send(envelope);
}

/**
 * A refused upload's unread bytes. A signed-in member's are read and dropped when the body says
 * it is of a bounded size, so that their browser, still sending, gets to read the answer (a
 * browser shows a reset connection as a network error, not as our message). Anyone else's (no
 * session, a guest), and a body of no declared size or absurdly large, are not read at all: the
 * connection is closed after the answer, so no one can make us read a gigabyte for nothing.
 */
function unreadBody(raw: IncomingMessage, contentLength: string | undefined, reply: FastifyReply, member: boolean) {
  if (raw.readableEnded) return;
  const declared = Number(contentLength);
  if (member && contentLength !== undefined && Number.isFinite(declared) && declared <= DRAIN_MAX_BYTES) raw.resume();
  else reply.header('connection', 'close');
}

/** `stored` is told after each song is added (the loudness worker then measures its file). */
export async function registerUploadRoute(
  app: FastifyInstance,
  services: Services,
  authenticate: Authenticate,
  stored: () => void = () => {},
): Promise<void> {
  const { config, db, storage, now } = services;
  const { uploadMaxBytes, quotaBytes } = config.library;
  const tooBig = () => errors.invalid(libraryMessages.tooBig(Math.floor(uploadMaxBytes / MB)));
  const quotaFull = () => errors.conflict(libraryMessages.quota(Math.floor(quotaBytes / MB)));

  async function upload(body: Readable | undefined, filename: string, userId: string, declared: number | null) {
    if (declared !== null && declared > uploadMaxBytes) throw tooBig();
    // Refused before reading a byte when the library is already full.
    if ((await bytesUsed(db, userId)) + (declared ?? 0) > quotaBytes) throw quotaFull();
    const temp = await tempFileFor(config.dataDir);
    try {
      const received = await receiveUpload(body, temp, uploadMaxBytes);
      if (received.kind === 'too_big') throw tooBig();
      if (received.kind === 'aborted') throw new ApiError(libraryMessages.interrupted, 'bad_request');
      if (received.size === 0) throw errors.invalid(libraryMessages.empty);
      if ((await bytesUsed(db, userId)) + received.size > quotaBytes) throw quotaFull();
      const file = await inspectFile(temp, filename, received.size);
      const cover = await coverOf(file.picture);
      await storage.put(received.hash, temp, received.size);
      let song: LibrarySong;
      try {
        song = await addSong(
          db,
          userId,
          {
            fileHash: received.hash,
            title: file.title,
            artist: file.artist,
            album: file.album,
            cover: cover?.name ?? null,
          },
          now(),
          {
            file: { hash: received.hash, size: received.size, format: file.format, durationMs: file.durationMs },
            quotaBytes,
          },
        );
      } catch (error) {
        // Stored for nothing (over quota meanwhile, a full playlist): the bytes go unless someone has them.
        await sweepOrphanFiles(services, [received.hash]).catch(() => 0);
        const known = await db
          .selectFrom('audioFiles')
          .select('hash')
          .where('hash', '=', received.hash)
          .executeTakeFirst();
        if (!known) await storage.remove(received.hash).catch(() => {});
        throw error;
      }
      // A removal of the last other song with these bytes may have swept them between the put and
      // addSong (its sweep saw no row yet): the song's row now keeps the file, so the bytes go back.
      if ((await storage.size(received.hash)) === null) await storage.put(received.hash, temp, received.size);
      // Written once the song is kept: a refused upload leaves no picture behind either.
      if (cover) await storeCover(config.dataDir, cover);
      stored();
      return song;
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  await sweepStaleTemp(config.dataDir, now());
  await app.register(async (scope) => {
    // The body is the file, whatever its content type: handed over as the request stream, unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.post(UPLOAD_PATH, async (request, reply) => {
      let member = false;
      try {
        const caller = await callerOf(services, authenticate, request, { cookies: false });
        if (!caller) throw errors.notAuthenticated();
        if (!caller.registered) throw errors.membersOnly();
        member = true;
        const query = request.query as Record<string, unknown>;
        const filename = typeof query.filename === 'string' ? tagText(query.filename) : '';
        if (!filename) throw errors.invalid(libraryMessages.noFilename);
        const length = Number(request.headers['content-length']);
        const declared = Number.isFinite(length) && request.headers['content-length'] !== undefined ? length : null;
        const song = await upload(
          request.body as Readable | undefined,
          String(query.filename),
          caller.userid,
          declared,
        );
        return send(reply, [true, { song }]);
      } catch (error) {
        if (error instanceof ApiError) {
          unreadBody(request.raw, request.headers['content-length'], reply, member);
          return send(reply, failure(error));
        }
        unreadBody(request.raw, request.headers['content-length'], reply, member);
        request.log.error({ err: error }, 'upload failed');
        return send(reply, failure(errors.internal()));
      }
    });
    scope.get(UPLOAD_PATH, (_request, reply) =>
      send(reply, failure(new ApiError(apiMessages.wrongMethod('library.upload', 'POST'), 'wrong_method'))),
    );
  });
}
