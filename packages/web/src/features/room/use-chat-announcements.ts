/**
 * The chat's live region (docs/accessibility.md, "Live announcements"): what a screen reader
 * says of the lines that arrive while the page is open, paced by the ChatAnnouncer. The room's
 * history (the lines the page joined to) and the reader's own lines are not read out.
 */
import { useEffect, useRef, useState } from 'react';
import { roomPageMessages } from '@platter/contract';
import type { FeedLine } from '../../live/room-store';
import { meAction } from '../../lib/chat-text';
import { ChatAnnouncer } from './chat-announcer';

export const lineKey = (line: FeedLine) => (line.kind === 'chat' ? line.chatid : line.key);

const spoken = (line: FeedLine) => {
  if (line.kind === 'notice') return line.text;
  const action = meAction(line.text);
  return action === null ? roomPageMessages.chatLineSaid(line.name, line.text) : `${line.name} ${action}`;
};

export function useChatAnnouncements(shown: readonly FeedLine[], myId: string | undefined): string {
  const [said, setSaid] = useState('');
  const [announcer] = useState(() => new ChatAnnouncer(setSaid));
  const [openedAt] = useState(() => Date.now());
  const seen = useRef(new Set<string>());
  useEffect(() => () => announcer.stop(), [announcer]);
  useEffect(() => {
    const fresh = shown.filter(
      (line) =>
        !seen.current.has(lineKey(line)) && line.time >= openedAt && !(line.kind === 'chat' && line.userid === myId),
    );
    seen.current = new Set(shown.map(lineKey));
    announcer.add(fresh.map(spoken));
  }, [shown, myId, announcer, openedAt]);
  return said;
}
