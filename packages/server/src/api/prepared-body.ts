/**
 * A response already checked against its call's output schema and serialised,
 * envelope and all. The lobby's pages are read thousands of times a second
 * and are the same for almost everyone, so their JSON is built from cached
 * pieces instead of being re-validated and re-serialised on every request.
 */
export class PreparedBody {
  /** `envelope`: the whole success envelope as sent, `[true,{…}]`, in ASCII (see asciiJson). */
  constructor(readonly envelope: string) {}
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
