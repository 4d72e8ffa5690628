/**
 * A response already checked against its call's output schema and serialised,
 * envelope and all. The lobby's pages are read thousands of times a second
 * and are the same for almost everyone, so their JSON is built from cached
 * pieces instead of being re-validated and re-serialised on every request.
 */
import { gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

/** Below this a body goes as it is: gzip would save a few hundred bytes at most. */
const COMPRESS_FROM_BYTES = 1024;

export class PreparedBody {
  private askedWithGzip = 0;
  private gzipped: Buffer | null = null;

  /** `envelope`: the whole success envelope as sent, `[true,{…}]`, in ASCII (see asciiJson). */
  constructor(readonly envelope: string) {}

  /**
   * The body gzipped, once it is asked for a second time by a client that accepts gzip: a
   * lobby page lives for a second and is asked for by everyone (a 6.9 kB page becomes about
   * 1 kB for 40 µs, once), while a member's own page is often asked for only once, and then
   * compressing it would cost more than it saves. Synchronous: 40 µs once per page.
   */
  gzippedWhenReused(): Buffer | null {
    if (this.gzipped) return this.gzipped;
    if (this.envelope.length < COMPRESS_FROM_BYTES || ++this.askedWithGzip < 2) return null;
    this.gzipped = gzipSync(this.envelope);
    return this.gzipped;
  }
}

/**
 * A check of whether a client takes gzip (`gzip` or `*`, with a quality above 0). Each
 * Accept-Encoding value is read once: browsers send a handful of different ones.
 */
export function gzipNegotiation(): (acceptEncoding: string | undefined) => boolean {
  const negotiator = new Negotiator({ supportedValues: ['gzip'] });
  const seen = new LRUCache<string, boolean>({ max: 200 });
  return (acceptEncoding) => {
    if (!acceptEncoding) return false;
    let accepted = seen.get(acceptEncoding);
    if (accepted === undefined) {
      accepted = negotiator.negotiate(acceptEncoding) === 'gzip';
      seen.set(acceptEncoding, accepted);
    }
    return accepted;
  };
}

const NON_ASCII = /[\u007f-\uffff]/g;

/**
 * JSON in ASCII only: other characters as \u escapes, which read back as the
 * same text. Node sends a one-byte string without a UTF-8 pass over it, which
 * for a lobby page is a measurable share of the request (docs/lobby.md).
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
