/**
 * Turning Gold (spec §4 Subscription, Order polling): the plan, the card on
 * file (or a way to add one), the member's password, and Turn Gold. The
 * order is placed with order.subscribe and watched until it is active,
 * failed, or 30 s have passed.
 */
import { useState, type FormEvent } from 'react';
import { goldAlerts, type Card, type Product, type SelfUser } from '@platter/contract';
import { usePurchase } from '../../api/use-purchase';
import { pageConfig } from '../../lib/page-config';
import { PAYMENT_PATH } from '../../lib/payment-return';
import { dollars } from '../../lib/money';
import { useAlerts } from '../../ui/alerts';
import { ModalLink, useModalNavigate } from '../../ui/modal-link';
import { PayWithCard, PurchaseBusy, usePurchasePassword } from '../../ui/pay-with-card';
import { PlanChoice } from './plan-choice';
import { useAfterGoldChange } from './use-gold';

interface TurnGoldFormProps {
  user: SelfUser;
  plans: readonly Product[];
  card: Card | null;
}

export function TurnGoldForm({ user, plans, card }: TurnGoldFormProps) {
  const [chosen, setChosen] = useState(plans[0]?.id ?? '');
  const password = usePurchasePassword();
  const { showAlert } = useAlerts();
  const afterChange = useAfterGoldChange();
  const modalNavigate = useModalNavigate();
  const purchase = usePurchase('subscribe', async () => {
    showAlert(goldAlerts.turnedGold(pageConfig.productName), { kind: 'success' });
    await afterChange();
  });
  const plan = plans.find((p) => p.id === chosen);
  const toCardScreen = () => modalNavigate(PAYMENT_PATH, { state: { returnTo: '/gold' } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!card || !plan) return;
    if (!password.check()) return;
    void purchase.start(password.value, [plan.id]);
  };

  if (plans.length === 0) {
    return <p className="gold-note">Gold isn't on sale on this server right now. Please check back later.</p>;
  }
  return (
    <div className="gold-buy" aria-busy={purchase.busy || undefined}>
      <form className="form gold-form" onSubmit={submit} noValidate inert={purchase.busy}>
        <PlanChoice plans={plans} chosen={chosen} onChoose={setChosen} />
        <PayWithCard
          card={card}
          noCardNote={<span className="gold-note">No card on file yet.</span>}
          onChangeCard={toCardScreen}
          password={password}
          passwordHint={
            !user.has_tt_password && (
              <p className="gold-note">
                Gold needs the password of your account. <ModalLink to="/account">Set one in Manage Accounts</ModalLink>{' '}
                first.
              </p>
            )
          }
          problem={purchase.problem}
        />
        <div className="form-actions gold-form__actions">
          <button type="submit" className="button button--gold gold-form__submit" disabled={!card}>
            Turn Gold
          </button>
          <span className="gold-note">
            {card && plan
              ? `${dollars(plan.price)} now, then every ${plan.interval ?? 'month'} until you cancel.`
              : 'Add a card first.'}
          </span>
        </div>
      </form>
      {purchase.busy && (
        <PurchaseBusy
          label="Turning you Gold…"
          message={purchase.phase === 'placing' ? 'Turning you Gold…' : 'Waiting for your payment to go through…'}
        />
      )}
    </div>
  );
}
