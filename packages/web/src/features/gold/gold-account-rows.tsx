/**
 * Manage Accounts' Gold part (spec §2 Account screen, §4 Subscription): a
 * Gold member's payment method with 'change' and 'cancel'; in pendcancel,
 * "Gold until {period end}" with 'reactivate' instead. Hidden when the
 * subscription has no state. A member who is not Gold gets a way to Gold
 * (and their card, when they keep one for stickers).
 */
import type { ReactNode } from 'react';
import { isGold, type Card, type SelfUser, type Subscription } from '@platter/contract';
import { useSession } from '../../session/use-session';
import { CardOnFile } from '../../ui/card-on-file';
import { GoldEmblem } from '../../ui/gold-emblem';
import { ModalLink } from '../../ui/modal-link';
import { periodEnd } from './gold-terms';
import { useSubscriptionInfo } from './use-gold';
import './gold.css';

/** States in which a subscription is the member's Gold (an ended one is history). */
const CURRENT_STATES = new Set<Subscription['state']>(['pending', 'active', 'pendcancel']);

export function GoldAccountRows() {
  const user = useSession().data;
  if (!user?.registered) return null;
  return <GoldRows user={user} />;
}

function GoldRows({ user }: { user: SelfUser }) {
  const info = useSubscriptionInfo(user.userid);
  // The rest of the screen does not wait for these rows, nor fail with them.
  if (!info.data) return null;
  const { subscription, card } = info.data;
  if (isGold(user)) {
    const current = subscription && CURRENT_STATES.has(subscription.state) ? subscription : null;
    return current ? <GoldMemberRows subscription={current} card={card} /> : null;
  }
  return (
    <dl className="account-rows gold-rows">
      <Row label="Gold" value={<span className="account-unset">Not Gold yet</span>}>
        <ModalLink to="/gold" className="link-button">
          Turn Gold
        </ModalLink>
      </Row>
      {card && (
        <Row label="Card" value={<CardOnFile card={card} />}>
          <ModalLink to="/account/payment" className="link-button">
            change
          </ModalLink>
        </Row>
      )}
    </dl>
  );
}

function GoldMemberRows({ subscription, card }: { subscription: Subscription; card: Card | null }) {
  const ends = periodEnd(subscription);
  if (subscription.state === 'pendcancel') {
    return (
      <dl className="account-rows gold-rows">
        <Row
          label="Gold"
          value={
            <>
              <GoldEmblem level={subscription.level} />
              <span>Gold until {ends ?? 'the end of this period'}</span>
            </>
          }
          note="You've canceled: your card won't be charged again."
        >
          <ModalLink to="/account/reactivate-gold" className="link-button">
            reactivate
          </ModalLink>
        </Row>
      </dl>
    );
  }
  return (
    <dl className="account-rows gold-rows">
      <Row
        label="Payment"
        value={card ? <CardOnFile card={card} /> : <span className="account-unset">No card on file</span>}
        note={ends ? `Gold renews on ${ends}.` : undefined}
      >
        <ModalLink to="/account/payment" className="link-button">
          change
        </ModalLink>
        <ModalLink to="/account/cancel-gold" className="link-button">
          cancel
        </ModalLink>
      </Row>
    </dl>
  );
}

function Row({
  label,
  value,
  note,
  children,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="account-row">
      <dt className="account-row__label">{label}</dt>
      <dd className="account-row__value">
        {value}
        {note && <span className="account-row__note">{note}</span>}
      </dd>
      <dd className="account-row__actions">{children}</dd>
    </div>
  );
}
