/**
 * Sending a private message: the rules (members only, not to yourself, not
 * between members when either has ignored the other, a flood limit counted
 * from the stored messages so every instance counts alike), then the message
 * is kept and told to both members' pages over their user channels.
 */
import { PM_FLOOD_MESSAGES, PM_FLOOD_WINDOW_MS, pmMessages, type PmMessage } from '@platter/contract';
import type { Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import { newId } from '../../lib/ids';
import { userChannel } from '../../realtime/channels';
import { findUser } from '../accounts';
import { isBlocked } from '../blocks';
import { countSentSince, insertMessage, messageView } from './store';

/** The other member of a conversation, checked: a member, not the caller. */
export async function findPartner(services: Services, me: string, receiverid: string) {
  if (receiverid === me) throw errors.invalid(pmMessages.yourself);
  const partner = await findUser(services.db, receiverid);
  if (!partner) throw errors.notFound(pmMessages.unknown);
  // Guests have no name and no way to read a reply later: PMs are between members.
  if (!partner.name) throw errors.forbidden(pmMessages.guestReceiver);
  return { ...partner, name: partner.name };
}

export async function sendPm(
  services: Services,
  senderId: string,
  receiverid: string,
  text: string,
): Promise<PmMessage> {
  const { db } = services;
  const [sender, receiver] = await Promise.all([findUser(db, senderId), findPartner(services, senderId, receiverid)]);
  if (!sender?.name) throw errors.membersOnly();
  if (await isBlocked(db, senderId, receiver.id)) throw errors.forbidden(pmMessages.youIgnored);
  if (await isBlocked(db, receiver.id, senderId)) throw errors.forbidden(pmMessages.ignoredYou);
  const time = services.now();
  if ((await countSentSince(db, senderId, time - PM_FLOOD_WINDOW_MS)) >= PM_FLOOD_MESSAGES) {
    throw new ApiError(pmMessages.flood, 'rate_limited');
  }
  const row = { id: newId(), senderId, receiverId: receiver.id, text, createdAt: time };
  await insertMessage(db, row);
  const message = messageView(row);
  const event = { command: 'pmmed' as const, ...message, userid: receiver.id, name: sender.name };
  // The receiver's pages hear it, and the sender's, so their other pages show what they sent.
  await Promise.all([
    services.hub.publish(userChannel(receiver.id), { type: 'event', event }),
    services.hub.publish(userChannel(senderId), { type: 'event', event }),
  ]);
  return message;
}
