/**
 * The PM panel (docs/pm.md): a dock at the bottom right of every page of a
 * member's (the lobby, a room, under any modal), so messages reach them
 * wherever they are; in a room its button sits in the top bar instead
 * (lib/topbar-slot), over nothing. The button carries the unread count; open, it lists the
 * conversations (latest first, each with its own count) or shows one of them.
 * A profile's "Send a message" opens it on that member (lib/private-chat).
 */
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { avatarImageUrl, type PmConversation } from '@platter/contract';
import { isFramed } from '../../lib/framed';
import { onPrivateChatRequest, type PrivateChatPartner } from '../../lib/private-chat';
import { timeAgo } from '../../lib/time-ago';
import { useTopbarSlot } from '../../lib/topbar-slot';
import { useCurrentUser } from '../../session/use-session';
import { Avatar } from '../../ui/avatar';
import { Spinner } from '../../ui/spinner';
import { PmConversationView, useNow } from './pm-conversation';
import { useConversations, usePmEvents } from './use-pm';

export function PmDock() {
  const me = useCurrentUser();
  // Guests have no messages; a page inside another site's frame makes no calls (spec §2).
  if (!me?.registered || isFramed()) return null;
  return <Dock key={me.userid} me={me.userid} />;
}

function Dock({ me }: { me: string }) {
  const [open, setOpen] = useState(false);
  const [partner, setPartner] = useState<PrivateChatPartner | null>(null);
  const conversations = useConversations(true);
  const unread = conversations.data?.unread ?? 0;
  const panelId = useId();
  const titleId = useId();

  useEffect(
    () =>
      onPrivateChatRequest((who) => {
        setPartner(who);
        setOpen(true);
      }),
    [],
  );
  usePmEvents(me);
  // Where the page's top bar has room for it (a room), the button sits there, over nothing.
  const slot = useTopbarSlot();
  const button = (
    <button
      type="button"
      className="pm-dock__button"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => setOpen(!open)}
    >
      <span aria-hidden="true">✉</span> Messages
      {unread > 0 && <UnreadBadge count={unread} />}
    </button>
  );

  return (
    <div className={`pm-dock${slot ? ' pm-dock--topbar' : ''}${open ? ' is-open' : ''}`}>
      {open && (
        <section id={panelId} className="pm-panel" aria-labelledby={titleId}>
          <header className="pm-panel__header">
            {partner && (
              <button
                type="button"
                className="pm-panel__back"
                aria-label="All conversations"
                onClick={() => setPartner(null)}
              >
                ‹
              </button>
            )}
            <h2 id={titleId} className="pm-panel__title">
              {partner ? partner.name : 'Messages'}
            </h2>
            <button
              type="button"
              className="pm-panel__close"
              aria-label="Close messages"
              onClick={() => setOpen(false)}
            >
              ×
            </button>
          </header>
          {partner ? (
            <PmConversationView
              me={me}
              partner={partner}
              unread={conversations.data?.conversations.find((c) => c.userid === partner.userid)?.unread ?? 0}
            />
          ) : conversations.data ? (
            <ConversationList me={me} conversations={conversations.data.conversations} onPick={setPartner} />
          ) : conversations.isError ? (
            <p className="pm-panel__quiet" role="alert">
              We couldn't load your messages just now; we'll try again shortly.
            </p>
          ) : (
            <Spinner label="Loading your messages…" />
          )}
        </section>
      )}
      {slot ? createPortal(button, slot) : button}
    </div>
  );
}

function ConversationList({
  me,
  conversations,
  onPick,
}: {
  me: string;
  conversations: PmConversation[];
  onPick(partner: PrivateChatPartner): void;
}) {
  const now = useNow();
  if (conversations.length === 0) {
    return (
      <p className="pm-panel__quiet">
        No messages yet. To write to someone, open their profile and choose <strong>Send a message</strong>.
      </p>
    );
  }
  return (
    <ul className="pm-list" aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.userid}>
          <button
            type="button"
            className={`pm-list__item${c.unread > 0 ? ' is-unread' : ''}`}
            onClick={() => onPick({ userid: c.userid, name: c.name, avatarid: c.avatarid })}
          >
            <Avatar src={avatarImageUrl(c.avatarid, 'headfront')} name={c.name} size={32} className="pm-list__avatar" />
            <span className="pm-list__name">{c.name}</span>
            {c.unread > 0 && <UnreadBadge count={c.unread} />}
            <time className="pm-list__time" dateTime={new Date(c.last.time).toISOString()}>
              {timeAgo(c.last.time, now)}
            </time>
            <span className="pm-list__last">
              {c.last.senderid === me && 'You: '}
              {c.last.text}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function UnreadBadge({ count }: { count: number }) {
  return (
    <>
      <span className="pm-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">, {count} unread</span>
    </>
  );
}
