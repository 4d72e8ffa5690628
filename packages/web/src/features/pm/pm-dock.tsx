/**
 * The PM panel (docs/pm.md), on every page of a member's (the lobby, a room,
 * the site's own pages, under any modal), so messages reach them wherever they
 * are. Its button sits in the page's top bar (lib/topbar-slot), at the bar's
 * right end, and carries the unread count; open, the panel drops under the bar
 * and lists the conversations (latest first, each with its own count) or shows
 * one of them. A profile's "Send a message" opens it on that member
 * (lib/private-chat). A page without a bar (a room still loading) shows no button.
 */
import { useCallback, useEffect, useId, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { avatarImageUrl, pmDockMessages, type PmConversation } from '@platter/contract';
import { isFramed } from '../../lib/framed';
import { onPrivateChatRequest, type PrivateChatPartner } from '../../lib/private-chat';
import { timeAgo } from '../../lib/time-ago';
import { useTopbarSlot } from '../../lib/topbar-slot';
import { useNow } from '../../lib/use-now';
import { useCurrentUser } from '../../session/use-session';
import { Avatar } from '../../ui/avatar';
import { Spinner } from '../../ui/spinner';
import { PmConversationView } from './pm-conversation';
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
  // The button sits in the page's top bar; a page without one (yet) shows none, and keeps the panel's state.
  const slot = useTopbarSlot();
  const place = usePanelPlace(open ? slot : null);
  if (!slot) return null;

  const button = (
    <button
      type="button"
      className="pm-dock__button"
      // Its name, whether or not the word shows (a phone shows the envelope and the count only).
      aria-label={pmDockMessages.buttonLabel(unread)}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => setOpen(!open)}
    >
      <span aria-hidden="true">✉</span>
      <span className="pm-dock__label" aria-hidden="true">
        {pmDockMessages.button}
      </span>
      {unread > 0 && <Badge count={unread} />}
    </button>
  );

  return (
    <>
      {createPortal(button, slot)}
      {open && place && (
        <div
          className="pm-dock"
          style={{ '--pm-top': `${place.top}px`, '--pm-right': `${place.right}px` } as CSSProperties}
        >
          <section id={panelId} className="pm-panel" aria-labelledby={titleId}>
            <header className="pm-panel__header">
              {partner && (
                <button
                  type="button"
                  className="pm-panel__back"
                  aria-label={pmDockMessages.back}
                  onClick={() => setPartner(null)}
                >
                  ‹
                </button>
              )}
              <h2 id={titleId} className="pm-panel__title">
                {partner ? partner.name : pmDockMessages.button}
              </h2>
              <button
                type="button"
                className="pm-panel__close"
                aria-label={pmDockMessages.close}
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
                {pmDockMessages.loadFailed}
              </p>
            ) : (
              <Spinner label={pmDockMessages.loading} />
            )}
          </section>
        </div>
      )}
    </>
  );
}

/** The open panel's place: under the bar that holds the button, its right edge under the button's. */
interface PanelPlace {
  top: number;
  right: number;
}

/** Room kept around the panel, and the least height it keeps on a short screen (rising over the bar if need be). */
const EDGE = 8;
const LEAST_HEIGHT = 300;

function measurePlace(slot: HTMLElement): string {
  const bar = slot.closest('header') ?? slot;
  const screen = document.documentElement;
  const below = bar.getBoundingClientRect().bottom + EDGE;
  // Scrolled past the bar, the panel stays on screen, at its top.
  const top = Math.max(EDGE, Math.min(below, screen.clientHeight - LEAST_HEIGHT));
  const right = Math.max(EDGE, screen.clientWidth - slot.getBoundingClientRect().right);
  return `${Math.round(top)} ${Math.round(right)}`;
}

/** Where the panel goes while it is open (`slot` given), followed as the page scrolls or changes size. */
function usePanelPlace(slot: HTMLElement | null): PanelPlace | null {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!slot) return () => undefined;
      window.addEventListener('scroll', changed, { passive: true });
      window.addEventListener('resize', changed);
      // The page's own changes (a headband closed above the bar, the bar wrapping) move the bar too.
      const observer = new ResizeObserver(changed);
      observer.observe(document.body);
      return () => {
        window.removeEventListener('scroll', changed);
        window.removeEventListener('resize', changed);
        observer.disconnect();
      };
    },
    [slot],
  );
  const measured = useSyncExternalStore(
    subscribe,
    () => (slot ? measurePlace(slot) : ''),
    () => '',
  );
  if (!measured) return null;
  const [top = 0, right = 0] = measured.split(' ').map(Number);
  return { top, right };
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
        {pmDockMessages.emptyBefore} <strong>{pmDockMessages.sendMessage}</strong>
        {pmDockMessages.emptyAfter}
      </p>
    );
  }
  return (
    <ul className="pm-list" aria-label={pmDockMessages.listLabel}>
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
              {c.last.senderid === me && pmDockMessages.you}
              {c.last.text}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Badge({ count }: { count: number }) {
  return (
    <span className="pm-badge" aria-hidden="true">
      {count > 99 ? pmDockMessages.manyUnread : count}
    </span>
  );
}

/** The count, and what it means to a screen reader. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <>
      <Badge count={count} />
      <span className="visually-hidden">{pmDockMessages.unread(count)}</span>
    </>
  );
}
