import type { FeedLine } from '../../live/room-store';

/**
 * The feed without the lines of members the reader ignores (spec §4): notices always show.
 * `ignoredIds` null: the ignore list is still being read, so no member's line shows yet (an
 * ignored member's line must not flash up before the list arrives).
 */
export function visibleLines(feed: readonly FeedLine[], ignoredIds: ReadonlySet<string> | null): readonly FeedLine[] {
  if (ignoredIds === null) return feed.filter((line) => line.kind !== 'chat');
  if (ignoredIds.size === 0) return feed;
  return feed.filter((line) => line.kind !== 'chat' || !ignoredIds.has(line.userid));
}
