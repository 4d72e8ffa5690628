/**
 * The room's chat (docs/room.md): the recent lines the room store holds, each
 * with its speaker (opening their profile over the room), the text after
 * message filtering (escaped, links, emoji, slash-memes) and how long ago it
 * was said; lines that mention the reader by @name stand out. Members type
 * below; a refused message (too long, too fast) is said plainly.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatLine } from '@platter/contract';
import { errorText } from '../../api/client';
import { live } from '../../live/socket';
import { useRoom } from '../../live/room-store';
import { timeAgo } from '../../lib/time-ago';
import { useCurrentUser } from '../../session/use-session';
import { MemberText } from '../../ui/member-text';
import { ModalLink } from '../../ui/modal-link';

/** Time deltas are re-read every half minute. */
const CLOCK_TICK_MS = 30_000;

export function RoomChat({ roomid }: { roomid: string }) {
  const chat = useRoom((state) => state.chat);
  const me = useCurrentUser();
  const now = useNow(CLOCK_TICK_MS);
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();

  // Keep the newest line in view as lines arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [chat]);

  return (
    <section className="room-chat" aria-labelledby={titleId}>
      <h2 id={titleId} className="room-chat__title">
        Chat
      </h2>
      <ol ref={listRef} className="room-chat__lines" aria-live="polite">
        {chat.length === 0 && <li className="room-chat__empty">Nobody has said anything yet. Say hello!</li>}
        {chat.map((line) => (
          <ChatLineView key={`${line.time}-${line.userid}-${line.text}`} line={line} me={me?.name ?? null} now={now} />
        ))}
      </ol>
      {me?.registered ? (
        <ChatInput roomid={roomid} />
      ) : (
        <p className="room-chat__join">
          <ModalLink to="/login">Log in</ModalLink> or <ModalLink to="/signup">sign up</ModalLink> to chat.
        </p>
      )}
    </section>
  );
}

function ChatLineView({ line, me, now }: { line: ChatLine; me: string | null; now: number }) {
  const mentioned = me !== null && mentions(line.text, me);
  return (
    <li className={`room-chat__line${mentioned ? ' room-chat__line--mention' : ''}`}>
      <ModalLink className="room-chat__name" to={`/profile/${line.userid}`}>
        {line.name}
      </ModalLink>
      <MemberText text={line.text} className="room-chat__text" />
      <time className="room-chat__time" dateTime={new Date(line.time).toISOString()}>
        {timeAgo(line.time, now)}
      </time>
    </li>
  );
}

/** True when the text names `name` as @name (any case), not as part of a longer word. */
export function mentions(text: string, name: string): boolean {
  const at = `@${name}`.toLowerCase();
  const lower = text.toLowerCase();
  for (let index = lower.indexOf(at); index >= 0; index = lower.indexOf(at, index + 1)) {
    const after = lower.charAt(index + at.length);
    if (!/[\p{L}\p{N}_]/u.test(after)) return true;
  }
  return false;
}

function ChatInput({ roomid }: { roomid: string }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const problemId = useId();

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (sending || text.trim() === '') return;
    setSending(true);
    setProblem(null);
    live
      .request('room.speak', { roomid, text })
      .then(() => setText(''))
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setSending(false));
  };

  return (
    <form className="room-chat__form" onSubmit={send}>
      <input
        className="room-chat__input"
        aria-label="Chat message"
        aria-describedby={problem ? problemId : undefined}
        placeholder="Say something…"
        maxLength={CHAT_MESSAGE_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={sending || text.trim() === ''}>
        Send
      </button>
      {problem && (
        <p id={problemId} className="room-chat__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The time now, re-read every `ms`: for "3 minutes ago" that stays true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
