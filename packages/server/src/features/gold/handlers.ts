/** Gold and purchases (spec §7 order.*; docs/gold.md): contract call → the flows beside this file. */
import { orderMessages, type OrderStateBody } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import { findUser } from '../accounts';
import { buy } from './buy';
import { cancelGold, reactivateGold } from './manage';
import { askProvider } from './payment-failures';
import { GOLD_PLANS, stickerProducts } from './products';
import {
  findCard,
  findOrder,
  findSubscription,
  GOLD_STATES,
  latestOrderOf,
  saveCard,
  shownSubscription,
  subscriptionLevelOf,
} from './store';
import { subscribe } from './subscribe';
import { cardView, subscriptionStateOf, subscriptionView } from './views';

const isGold = (state: string) => (GOLD_STATES as readonly string[]).includes(state);

export const goldHandlers = {
  'order.products': async (_input, { db, caller, payments }) => {
    const level = caller ? await subscriptionLevelOf(db, caller.userid) : 0;
    return { products: [...GOLD_PLANS, ...(await stickerProducts(db, level))], payments: payments.browserInfo() };
  },

  'order.set_payment_info': async ({ token }, { db, caller, payments, now }) => {
    const user = await findUser(db, caller.userid);
    if (!user) throw errors.notAuthenticated();
    const saved = await findCard(db, caller.userid, payments.kind);
    const customer = await askProvider(() =>
      payments.saveCard({ customerRef: saved?.providerRef ?? null, token, email: user.email, userid: user.id }),
    );
    await saveCard(db, caller.userid, payments.kind, customer.ref, customer.card, now());
    const card = await findCard(db, caller.userid, payments.kind);
    if (!card) throw errors.internal();
    return { card: cardView(card) };
  },

  'order.get_payment_info': async (_input, { db, caller, payments }) => {
    const card = await findCard(db, caller.userid, payments.kind);
    return { card: card ? cardView(card) : null };
  },

  'order.subscription_info': async (_input, { db, caller, payments }) => {
    const subscription = await shownSubscription(db, caller.userid);
    const card = await findCard(db, caller.userid, payments.kind);
    return {
      subscription: subscription ? subscriptionView(subscription) : null,
      card: card ? cardView(card) : null,
    };
  },

  'order.subscribe': (input, context) => subscribe(context, input),

  'order.buy': (input, context) => buy(context, input),

  'order.cancel_subscription': async ({ subid }, context) => ({ subscription: await cancelGold(context, subid) }),

  'order.reactivate_subscription': async ({ subid }, context) => ({
    subscription: await reactivateGold(context, subid),
  }),

  'order.subscription_state': async ({ subid }, { db, caller }) => {
    const row = await findSubscription(db, subid);
    if (!row || row.userId !== caller.userid) throw errors.notFound(orderMessages.notYours);
    const state: OrderStateBody = {
      state: subscriptionStateOf(row),
      level: isGold(row.state) ? row.level : 0,
      subid: row.id,
    };
    if (row.state === 'failed') {
      // The first payment's failure is its order's; a failed renewal has no order of its own.
      const order = await latestOrderOf(db, row.id);
      state.error = order?.state === 'failed' && order.error ? order.error : orderMessages.renewalFailed;
    }
    return state;
  },

  'order.state': async ({ orderid }, { db, caller }) => {
    const order = await findOrder(db, orderid);
    if (!order || order.userId !== caller.userid) throw errors.notFound(orderMessages.notYours);
    // A subscription order tells the level it bought; a sticker order the member's own, which it leaves as it was.
    let level = await subscriptionLevelOf(db, caller.userid);
    if (order.kind === 'subscription') level = order.state === 'succeeded' ? (order.level ?? 0) : 0;
    const state: OrderStateBody = {
      state: order.state === 'succeeded' || order.state === 'failed' ? order.state : 'pending',
      level,
      orderid: order.id,
    };
    if (order.subscriptionId) state.subid = order.subscriptionId;
    if (order.state === 'failed' && order.error) state.error = order.error;
    return state;
  },
} satisfies HandlerGroup;
