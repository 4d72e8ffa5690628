/**
 * The query keys of the member's library (My music). They live here, not in the
 * library feature, because the room invalidates them too: a snag adds a song to
 * the queue, and one's own song starting moves it to the queue's end.
 */

/** Every library query starts with this key (per member, so another login never sees them). */
export const libraryKey = (...rest: unknown[]) => ['library', ...rest];
