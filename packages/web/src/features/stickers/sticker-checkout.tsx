/**
 * Checkout (spec §2 Sticker editor, §4 Order polling): the paid stickers on
 * the laptop and their total, the card on file (or a way to add one), the
 * member's password, and Buy: order.buy, then order.state every 2 s until
 * it has succeeded, failed, or 30 s have passed. Server and provider
 * refusals show in their own words.
 */
import type { FormEvent } from 'react';
import { isGold, type SelfUser, type Sticker } from '@platter/contract';
import { usePaymentInfo, useProducts } from '../../api/payment-queries';
import { usePurchase } from '../../api/use-purchase';
import { dollars } from '../../lib/money';
import { sorryText } from '../../lib/sorry';
import { ModalLink } from '../../ui/modal-link';
import { PayWithCard, PurchaseBusy, usePurchasePassword } from '../../ui/pay-with-card';
import { Spinner } from '../../ui/spinner';
import { checkoutTotals } from './checkout-rules';
import { CheckoutSummary } from './checkout-summary';
import './sticker-checkout.css';

interface StickerCheckoutProps {
  user: SelfUser;
  stickers: readonly Sticker[];
  onBack: () => void;
  /** Leaves for the credit card screen (the editor keeps its draft). */
  onAddCard: () => void;
  /** About to leave for /gold: the editor keeps its draft for when the member comes back. */
  onLeave: () => void;
  /** The payment went through. */
  onBought: () => Promise<void>;
}

export function StickerCheckout({ user, stickers, onBack, onAddCard, onLeave, onBought }: StickerCheckoutProps) {
  const products = useProducts(user.userid);
  const card = usePaymentInfo(user.userid);
  const password = usePurchasePassword();
  const purchase = usePurchase('buy', onBought);

  const failure = products.error ?? card.error;
  if (failure) {
    return (
      <p className="form-error" role="alert">
        {sorryText(failure.message)}
      </p>
    );
  }
  if (!products.data || card.data === undefined) return <Spinner />;
  const totals = checkoutTotals(stickers, products.data.products);

  const buy = (event: FormEvent) => {
    event.preventDefault();
    if (!card.data) return;
    if (!password.check()) return;
    void purchase.start(
      password.value,
      stickers.map((sticker) => sticker._id),
    );
  };

  return (
    <section
      className="sticker-checkout"
      aria-labelledby="sticker-checkout-title"
      aria-busy={purchase.busy || undefined}
    >
      <form className="form sticker-checkout__form" onSubmit={buy} noValidate inert={purchase.busy}>
        <h3 id="sticker-checkout-title" className="sticker-checkout__title">
          Checkout
        </h3>
        <p className="sticker-checkout__lede">These paid stickers are on your laptop. Buy them to keep them there:</p>
        <CheckoutSummary stickers={stickers} totals={totals} />
        {!isGold(user) && (
          <p className="sticker-checkout__gold">
            Gold members pay less for every paid sticker.{' '}
            <ModalLink to="/gold" onClick={onLeave}>
              Turn Gold
            </ModalLink>
          </p>
        )}
        <PayWithCard
          card={card.data}
          noCardNote={<span className="sticker-checkout__note">You need a card on file to buy stickers.</span>}
          onChangeCard={onAddCard}
          password={password}
          problem={purchase.problem}
        />
        <div className="form-actions sticker-checkout__actions">
          <button type="button" className="button" onClick={onBack}>
            Back to my laptop
          </button>
          <button type="submit" className="button button--primary" disabled={!card.data}>
            Buy for {dollars(totals.total)}
          </button>
        </div>
      </form>
      {purchase.busy && (
        <PurchaseBusy
          label="Buying your stickers…"
          message={purchase.phase === 'placing' ? 'Placing your order…' : 'Waiting for your payment to go through…'}
        />
      )}
    </section>
  );
}
