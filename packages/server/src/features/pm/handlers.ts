/** The PM calls (contract calls/pm.ts): over HTTP and the socket alike; events come over the socket. */
import { PM_CONVERSATIONS_MAX, PM_HISTORY_PAGE, pmMessages, type PmConversation } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import { userChannel } from '../../realtime/channels';
import { blockedIds } from '../blocks';
import { findPartner, sendPm } from './send';
import { conversationPage, findMessage, markRead, messageView, partnersOf, unreadBySender } from './store';

export const pmHandlers = {
  'pm.send': ({ receiverid, text }, services) => sendPm(services, services.caller.userid, receiverid, text),

  'pm.history': async ({ receiverid, before }, services) => {
    const me = services.caller.userid;
    const partner = await findPartner(services, me, receiverid);
    let cursor: { createdAt: number; id: string } | undefined;
    if (before) {
      const from = await findMessage(services.db, before);
      const ours = from && [from.senderId, from.receiverId].sort().join() === [me, partner.id].sort().join();
      if (!from || !ours) throw errors.invalid(pmMessages.badCursor);
      cursor = { createdAt: Number(from.createdAt), id: from.id };
    }
    // One more than a page tells whether there is more before it.
    const rows = await conversationPage(services.db, me, partner.id, PM_HISTORY_PAGE + 1, cursor);
    const page = rows.slice(0, PM_HISTORY_PAGE).reverse();
    return { history: page.map(messageView), more: rows.length > PM_HISTORY_PAGE };
  },

  'pm.conversations': async (_input, services) => {
    const { db } = services;
    const me = services.caller.userid;
    // Members you ignore are left out: their messages never reach you, nor count as unread.
    const [ignored, unread] = await Promise.all([blockedIds(db, me), unreadBySender(db, me)]);
    const hidden = new Set(ignored);
    const partners = (await partnersOf(db, me, PM_CONVERSATIONS_MAX + hidden.size)).filter(
      ({ other }) => !hidden.has(other),
    );
    const found = await Promise.all(
      partners.slice(0, PM_CONVERSATIONS_MAX).map(async ({ other }): Promise<PmConversation | null> => {
        const [user, [last]] = await Promise.all([
          db.selectFrom('users').select(['id', 'name', 'avatarId']).where('id', '=', other).executeTakeFirst(),
          conversationPage(db, me, other, 1),
        ]);
        if (!user?.name || !last) return null;
        const unreadHere = unread.get(user.id) ?? 0;
        return {
          userid: user.id,
          name: user.name,
          avatarid: user.avatarId,
          last: messageView(last),
          unread: unreadHere,
        };
      }),
    );
    const conversations = found.filter((c): c is PmConversation => c !== null);
    let total = 0;
    for (const [sender, count] of unread) if (!hidden.has(sender)) total += count;
    return { conversations, unread: total };
  },

  'pm.mark_read': async ({ receiverid }, services) => {
    const me = services.caller.userid;
    const partner = await findPartner(services, me, receiverid);
    const changed = await markRead(services.db, me, partner.id, services.now());
    // The member's other pages clear this conversation's count too.
    if (changed > 0) {
      await services.hub.publish(userChannel(me), {
        type: 'event',
        event: { command: 'pm_read', userid: me, receiverid: partner.id },
      });
    }
    return {};
  },
} satisfies HandlerGroup;
