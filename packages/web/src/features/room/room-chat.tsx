/**
 * The room's chat (docs/room.md): the recent lines the room store holds, each
 * with its speaker (opening their profile over the room), the text after
 * message filtering (escaped, links, emoji, slash-memes; "/me …" as an action)
 * and how long ago it was said; the room's happenings ("Ann stepped up to DJ")
 * read between them.
 * Lines that mention the reader by @name stand out (and badge the tab's title
 * while it is hidden); ignored members' lines are not shown. Moderators get a
 * menu on each line. Members type below; a refused message (too long, too
 * fast, muted) is said plainly.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { chatMessages, roomPageMessages, CHAT_MESSAGE_MAX, type RoomChatLine } from '@platter/contract';
import { live } from '../../live/socket';
import { sayOnce } from '../../live/chat-send';
import { useRoom, type FeedLine } from '../../live/room-store';
import { meAction } from '../../lib/chat-text';
import { timeAgo } from '../../lib/time-ago';
import { useNow } from '../../lib/use-now';
import { useBlocks } from '../../session/use-blocks';
import { useCurrentUser } from '../../session/use-session';
import { MemberText } from '../../ui/member-text';
import { MessageBox } from '../../ui/message-box';
import { ModalLink } from '../../ui/modal-link';
import { ModeratePersonModal, type ModerationTarget } from './moderation/moderate-person-modal';
import { useRoomRights } from './moderation/use-room-rights';
import { mentions } from './mentions';
import { lineKey, useChatAnnouncements } from './use-chat-announcements';
import { useMentionBadge } from './use-mention-badge';
import { visibleLines } from './visible-lines';

export function RoomChat({ roomid }: { roomid: string }) {
  const feed = useRoom((state) => state.feed);
  const me = useCurrentUser();
  const mutedUntil = useRoom((state) => (me ? state.mutes[me.userid] : undefined));
  const blocks = useBlocks();
  // Read (or not wanted: a guest; or failed: then nothing is hidden) before members' lines show.
  const ignoresKnown = !(blocks.isPending && blocks.fetchStatus !== 'idle');
  const rights = useRoomRights();
  const now = useNow();
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const [moderating, setModerating] = useState<ModerationTarget | null>(null);
  const ignored = blocks.data;
  const shown = useMemo(
    () => visibleLines(feed, ignoresKnown ? new Set(ignored?.map((entry) => entry.blockedid)) : null),
    [feed, ignored, ignoresKnown],
  );
  useMentionBadge(shown, me);
  const announcement = useChatAnnouncements(shown, me?.userid);

  // Keep the newest line in view as lines arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [shown]);

  // The menu is offered only on lines the reader may delete (the server refuses the rest).
  const moderate = (line: RoomChatLine) =>
    setModerating({ userid: line.userid, name: line.name, acl: line.acl, chatid: line.chatid });

  return (
    <>
      <section id="room-chat" className="room-chat" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="room-chat__title">
          {roomPageMessages.chat}
        </h2>
        <ol ref={listRef} className={`room-chat__lines${rights.moderate ? ' room-chat__lines--moderating' : ''}`}>
          {shown.length === 0 && ignoresKnown && <li className="room-chat__empty">{roomPageMessages.chatEmpty}</li>}
          {shown.map((line) => (
            <FeedLineView
              key={lineKey(line)}
              line={line}
              me={me?.name ?? null}
              now={now}
              onModerate={line.kind === 'chat' && rights.canDeleteLine(line) ? moderate : undefined}
            />
          ))}
        </ol>
        {!me?.registered ? (
          <p className="room-chat__join">
            <ModalLink to="/login">{roomPageMessages.chatLogIn}</ModalLink> {roomPageMessages.chatOr}{' '}
            <ModalLink to="/signup">{roomPageMessages.chatSignUp}</ModalLink> {roomPageMessages.chatToChat}
          </p>
        ) : mutedUntil !== undefined && mutedUntil > now ? (
          <p className="room-chat__muted" role="status">
            {chatMessages.muted}
          </p>
        ) : (
          <ChatInput roomid={roomid} />
        )}
        {moderating && <ModeratePersonModal target={moderating} onClose={() => setModerating(null)} />}
      </section>
      {/* Not the list itself as a live region: a busy room would be read line by line. Beside the chat,
        not in it, so that the chat region holds each line once. */}
      <p className="visually-hidden" role="status" data-testid="chat-announcement">
        {announcement}
      </p>
    </>
  );
}

interface LineProps {
  line: FeedLine;
  me: string | null;
  now: number;
  onModerate: ((line: RoomChatLine) => void) | undefined;
}

function FeedLineView({ line, me, now, onModerate }: LineProps) {
  const when = (
    <time className="room-chat__time" dateTime={new Date(line.time).toISOString()}>
      {timeAgo(line.time, now)}
    </time>
  );
  if (line.kind === 'notice') {
    return (
      <li className="room-chat__line room-chat__line--notice">
        <span className="room-chat__text">{line.text}</span>
        {when}
      </li>
    );
  }
  const mentioned = me !== null && mentions(line.text, me);
  // "/me waves" reads "Ada waves": an action, told after the name.
  const action = meAction(line.text);
  const modifiers = `${action !== null ? ' room-chat__line--action' : ''}${mentioned ? ' room-chat__line--mention' : ''}`;
  return (
    <li className={`room-chat__line${modifiers}`}>
      <ModalLink className="room-chat__name" to={`/profile/${line.userid}`}>
        {line.name}
      </ModalLink>
      <MemberText text={action ?? line.text} className="room-chat__text" />
      {when}
      {onModerate && (
        <button
          type="button"
          className="room-chat__moderate"
          aria-label={roomPageMessages.moderateLine(line.name)}
          onClick={() => onModerate(line)}
        >
          ⋯
        </button>
      )}
    </li>
  );
}

function ChatInput({ roomid }: { roomid: string }) {
  return (
    <MessageBox
      block="room-chat"
      label={roomPageMessages.chatInputLabel}
      placeholder={roomPageMessages.chatPlaceholder}
      sendLabel={roomPageMessages.send}
      buttonClassName="button button--primary"
      max={CHAT_MESSAGE_MAX}
      tooLong={chatMessages.tooLong}
      send={(text) => sayOnce(live, roomid, text)}
    />
  );
}
