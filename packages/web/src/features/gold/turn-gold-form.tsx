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
import { CardOnFile } from '../../ui/card-on-file';
import { Field } from '../../ui/field';
import { ModalLink, useModalNavigate } from '../../ui/modal-link';
import { Spinner } from '../../ui/spinner';
import { PlanChoice } from './plan-choice';
import { useAfterGoldChange } from './use-gold';

export const PASSWORD_NEEDED = 'Please enter your password';

interface TurnGoldFormProps {
  user: SelfUser;
  plans: readonly Product[];
  card: Card | null;
}

export function TurnGoldForm({ user, plans, card }: TurnGoldFormProps) {
  const [chosen, setChosen] = useState(plans[0]?.id ?? '');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
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
    if (!password) return setPasswordError(PASSWORD_NEEDED);
    void purchase.start(password, [plan.id]);
  };

  if (plans.length === 0) {
    return <p className="gold-note">Gold isn't on sale on this server right now. Please check back later.</p>;
  }
  return (
    <div className="gold-buy" aria-busy={purchase.busy || undefined}>
      <form className="form gold-form" onSubmit={submit} noValidate inert={purchase.busy}>
        <PlanChoice plans={plans} chosen={chosen} onChoose={setChosen} />
        <div className="gold-card">
          <span className="field__label">Card</span>
          {card ? (
            <div className="gold-card__line">
              <CardOnFile card={card} />
              <button type="button" className="link-button" onClick={toCardScreen}>
                change
              </button>
            </div>
          ) : (
            <div className="gold-card__line">
              <span className="gold-note">No card on file yet.</span>
              <button type="button" className="button button--small" onClick={toCardScreen}>
                Add a card
              </button>
            </div>
          )}
        </div>
        <Field
          label="Your password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(null);
          }}
        />
        {!user.has_tt_password && (
          <p className="gold-note">
            Gold needs the password of your account. <ModalLink to="/account">Set one in Manage Accounts</ModalLink>{' '}
            first.
          </p>
        )}
        {purchase.problem && (
          <p className="form-error" role="alert">
            {purchase.problem}
          </p>
        )}
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
        <div className="gold-buy__busy">
          <Spinner label="Turning you Gold…" />
          <p aria-live="polite">
            {purchase.phase === 'placing' ? 'Turning you Gold…' : 'Waiting for your payment to go through…'}
          </p>
        </div>
      )}
    </div>
  );
}
