/**
 * Tells a member they were mentioned while they look elsewhere: each new line
 * that names them as @name, said by someone else, counts in the tab's title
 * ("(2) Indie Den") until the page is seen again.
 */
import { useEffect, useRef } from 'react';
import type { SelfUser } from '@platter/contract';
import type { FeedLine } from '../../live/room-store';
import { mentions } from './mentions';

export function useMentionBadge(feed: readonly FeedLine[], me: SelfUser | undefined) {
  const seen = useRef<string | null>(null);
  const unseen = useRef(0);
  const plainTitle = useRef<string | null>(null);

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
    plainTitle.current ??= document.title;
    unseen.current += count;
    document.title = `(${unseen.current}) ${plainTitle.current}`;
  }, [feed, me]);

  useEffect(() => {
    const onVisible = () => {
      if (document.hidden || plainTitle.current === null) return;
      document.title = plainTitle.current;
      plainTitle.current = null;
      unseen.current = 0;
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}
