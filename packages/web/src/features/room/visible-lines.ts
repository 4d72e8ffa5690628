import type { FeedLine } from '../../live/room-store';

/** The feed without the lines of members the reader ignores (spec §4): notices always show. */
export function visibleLines(feed: readonly FeedLine[], ignoredIds: ReadonlySet<string>): readonly FeedLine[] {
  if (ignoredIds.size === 0) return feed;
  return feed.filter((line) => line.kind !== 'chat' || !ignoredIds.has(line.userid));
}
