/** What a Gold member sees on /gold: their plan, when it renews (or ends), their card, and where to manage it. */
import type { SelfUser } from '@platter/contract';
import { sorryText } from '../../lib/sorry';
import { PAYMENT_PATH } from '../../lib/payment-return';
import { CardOnFile } from '../../ui/card-on-file';
import { GoldEmblem } from '../../ui/gold-emblem';
import { ModalLink, useModalNavigate } from '../../ui/modal-link';
import { Spinner } from '../../ui/spinner';
import { periodEnd, planPrice } from './gold-terms';
import { useSubscriptionInfo } from './use-gold';

export function GoldMemberView({ user }: { user: SelfUser }) {
  const info = useSubscriptionInfo(user.userid);
  const modalNavigate = useModalNavigate();

  let details;
  if (info.error) {
    details = (
      <p className="form-error" role="alert">
        {sorryText(info.error.message)}
      </p>
    );
  } else if (!info.data) {
    details = <Spinner />;
  } else {
    const { subscription, card } = info.data;
    const ends = subscription ? periodEnd(subscription) : null;
    details = subscription ? (
      <>
        <dl className="gold-facts">
          <div>
            <dt>Plan</dt>
            <dd>
              {subscription.product.name} · {planPrice(subscription.product)}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              {subscription.state === 'pendcancel'
                ? `Gold until ${ends ?? 'the end of this period'}`
                : ends
                  ? `Renews on ${ends}`
                  : 'Waiting for the first payment'}
            </dd>
          </div>
          <div>
            <dt>Card</dt>
            <dd>{card ? <CardOnFile card={card} /> : 'No card on file'}</dd>
          </div>
        </dl>
        <p className="gold-links">
          <ModalLink to="/account">Manage account</ModalLink>
          <button
            type="button"
            className="link-button"
            onClick={() => modalNavigate(PAYMENT_PATH, { state: { returnTo: '/gold' } })}
          >
            Change card
          </button>
          {subscription.state === 'pendcancel' ? (
            <ModalLink to="/account/reactivate-gold">Reactivate Gold</ModalLink>
          ) : (
            <ModalLink to="/account/cancel-gold">Cancel Gold</ModalLink>
          )}
        </p>
      </>
    ) : (
      <p className="gold-note">Your Gold was given to you by the team: there's nothing to pay or manage.</p>
    );
  }

  return (
    <section className="gold-member" aria-labelledby="gold-member-title">
      <h3 id="gold-member-title" className="gold-member__title">
        You're Gold <GoldEmblem level={user.subscription_level} />
      </h3>
      <p className="gold-member__thanks">
        Thank you for supporting us. Your Gold avatars are waiting:{' '}
        <ModalLink to="/profile/avatar?showGold=1">choose one</ModalLink>.
      </p>
      {details}
    </section>
  );
}
