/** What every purchase asks first: the member's own password, and an order list that says something. */
import { orderMessages } from '@platter/contract';
import type { Caller, RequestInfo, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { limitAttempts } from '../../api/rate-limit';
import { findUser } from '../accounts';
import { verifyPassword } from '../auth';
import { findCard } from './store';

/** What the purchase flows are given: the services, who calls, and from where. */
export type MemberContext = Services & { caller: Caller; request: RequestInfo };

/** The member proves it is them; counted like logins, so a found session cannot guess the password. */
export async function confirmPassword(context: MemberContext, password: string): Promise<void> {
  const user = await findUser(context.db, context.caller.userid);
  if (!user) throw errors.notAuthenticated();
  await limitAttempts(context, 'login', context.request.ip, user.id);
  if (!user.passwordHash) throw errors.invalid(orderMessages.noPassword);
  if (!(await verifyPassword(user.passwordHash, password))) throw errors.invalid(orderMessages.wrongPassword);
}

/** The member's customer at this provider, from the card on file; no card, no purchase. */
export async function customerRefOf(context: MemberContext): Promise<string> {
  const card = await findCard(context.db, context.caller.userid, context.payments.kind);
  if (!card?.providerRef) throw errors.invalid(orderMessages.noCard);
  return card.providerRef;
}

/** The order list's product ids, blanks dropped. */
export function orderItems(order: readonly string[]): string[] {
  return order.map((id) => id.trim()).filter((id) => id.length > 0);
}

/** The stored key of a member's idempotency key: the pair is what is unique. */
export function idempotencyKeyOf(caller: Caller, key: string): string {
  return `${caller.userid}:${key}`;
}
