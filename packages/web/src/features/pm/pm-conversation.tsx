/**
 * One conversation in the PM panel: its history (oldest first, earlier pages
 * on request), each message after message filtering like the room's chat
 * (escaped, links, emoji), and a box to write in. Shown, it is read: its
 * unread messages are marked read, now and as new ones arrive.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PM_MESSAGE_MAX, pmDockMessages, pmMessages, type PmMessage } from '@platter/contract';
import { errorText } from '../../api/client';
import { live } from '../../live/socket';
import type { PrivateChatPartner } from '../../lib/private-chat';
import { timeAgo } from '../../lib/time-ago';
import { useNow } from '../../lib/use-now';
import { MemberText } from '../../ui/member-text';
import { MessageBox } from '../../ui/message-box';
import { ModalLink } from '../../ui/modal-link';
import { Spinner } from '../../ui/spinner';
import { addToHistory, conversationsKey, loadEarlier, useHistory } from './use-pm';
import { stillFocusable } from '../../ui/still-focusable';

interface Props {
  me: string;
  partner: PrivateChatPartner;
  /** Their messages not yet read, as the conversations list counts them. */
  unread: number;
}

export function PmConversationView({ me, partner, unread }: Props) {
  const history = useHistory(partner.userid);
  const queryClient = useQueryClient();
  const listRef = useRef<HTMLOListElement>(null);
  const [earlier, setEarlier] = useState<'idle' | 'loading' | string>('idle');
  const now = useNow();
  const messages = history.data?.history ?? [];
  const newest = messages.at(-1)?.id;

  // Reading the conversation reads its messages; the server tells this member's other pages.
  useEffect(() => {
    if (unread === 0) return;
    live
      .request('pm.mark_read', { receiverid: partner.userid })
      .then(() => queryClient.invalidateQueries({ queryKey: conversationsKey }))
      .catch(() => undefined);
  }, [unread, partner.userid, queryClient]);

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newest]);

  const showEarlier = () => {
    setEarlier('loading');
    loadEarlier(queryClient, partner.userid)
      .then(() => setEarlier('idle'))
      .catch((error: unknown) => setEarlier(errorText(error)));
  };

  return (
    <div className="pm-conversation">
      <p className="pm-conversation__who">
        <ModalLink to={`/profile/${encodeURIComponent(partner.userid)}`}>
          {pmDockMessages.profileLink(partner.name)}
        </ModalLink>
      </p>
      <ol
        ref={listRef}
        className="pm-conversation__messages"
        aria-label={pmDockMessages.conversationLabel(partner.name)}
      >
        {history.data?.more && (
          <li className="pm-conversation__earlier">
            <button type="button" className="link-button" {...stillFocusable(earlier === 'loading', showEarlier)}>
              {pmDockMessages.showEarlier}
            </button>
            {earlier !== 'idle' && earlier !== 'loading' && <span role="alert"> {earlier}</span>}
          </li>
        )}
        {history.isLoading && (
          <li>
            <Spinner label={pmDockMessages.loadingConversation} />
          </li>
        )}
        {history.isError && (
          <li className="pm-conversation__problem" role="alert">
            {errorText(history.error)}
          </li>
        )}
        {history.data && messages.length === 0 && (
          <li className="pm-panel__quiet">{pmDockMessages.sayHello(partner.name)}</li>
        )}
        {messages.map((message) => (
          <MessageView key={message.id} message={message} mine={message.senderid === me} now={now} />
        ))}
      </ol>
      <PmInput partner={partner} />
    </div>
  );
}

function MessageView({ message, mine, now }: { message: PmMessage; mine: boolean; now: number }) {
  return (
    <li className={`pm-message${mine ? ' pm-message--mine' : ''}`}>
      <MemberText text={message.text} className="pm-message__text" />
      <time className="pm-message__time" dateTime={new Date(message.time).toISOString()}>
        {timeAgo(message.time, now)}
      </time>
    </li>
  );
}

function PmInput({ partner }: { partner: PrivateChatPartner }) {
  const queryClient = useQueryClient();
  const send = async (text: string) => {
    const message = await live.request('pm.send', { receiverid: partner.userid, text });
    addToHistory(queryClient, partner.userid, message);
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  };
  return (
    <MessageBox
      block="pm-conversation"
      label={pmDockMessages.inputLabel(partner.name)}
      placeholder={pmDockMessages.placeholder}
      sendLabel={pmDockMessages.send}
      buttonClassName="button button--primary button--small"
      max={PM_MESSAGE_MAX}
      tooLong={pmMessages.tooLong}
      send={send}
    />
  );
}
