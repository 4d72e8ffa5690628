/**
 * Tells a member they were mentioned while they look elsewhere: each new line
 * that names them as @name, said by someone else, counts in the tab's title
 * ("(2) Indie Den") until the page is seen again. The count is put in front of whatever the
 * title is then, and taken off it again, so a title that changed meanwhile (the room renamed) stays.
 */
import { useEffect, useRef } from 'react';
import type { SelfUser } from '@platter/contract';
import type { FeedLine } from '../../live/room-store';
import { mentions } from './mentions';

export function useMentionBadge(feed: readonly FeedLine[], me: SelfUser | undefined) {
  const seen = useRef<string | null>(null);
  const unseen = useRef(0);

  useEffect(() => {
    const last = feed.at(-1);
    const lastKey = last ? (last.kind === 'chat' ? last.chatid : last.key) : null;
    // The first lines a page is given are history, not news.
    if (seen.current === null) {
      seen.current = lastKey;
      return;
    }
    const start = feed.findIndex((line) => (line.kind === 'chat' ? line.chatid : line.key) === seen.current);
    seen.current = lastKey;
    if (!me?.name || !document.hidden) return;
    const fresh = feed.slice(start + 1);
    const count = fresh.filter(
      (line) => line.kind === 'chat' && line.userid !== me.userid && mentions(line.text, me.name ?? ''),
    ).length;
    if (count === 0) return;
    unseen.current += count;
    document.title = `(${unseen.current}) ${withoutBadge(document.title)}`;
  }, [feed, me]);

  useEffect(() => {
    const onVisible = () => {
      if (document.hidden || unseen.current === 0) return;
      document.title = withoutBadge(document.title);
      unseen.current = 0;
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

/** The title without the count this badge put in front of it. */
function withoutBadge(title: string): string {
  return title.replace(/^\(\d+\) /, '');
}
