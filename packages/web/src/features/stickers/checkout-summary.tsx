/**
 * What Checkout shows while paid stickers are on the laptop: which ones, and
 * the total in dollars. Buying them arrives with Gold (the order flow is a
 * later issue), so this says so instead of pretending to take money.
 */
import type { Sticker } from '@platter/contract';
import { dollars, totalCents } from './laptop-rules';

export const CHECKOUT_SOON = 'Checkout is coming soon';

export function CheckoutSummary({ stickers, onBack }: { stickers: readonly Sticker[]; onBack: () => void }) {
  return (
    <section className="sticker-checkout" aria-labelledby="sticker-checkout-title">
      <h3 id="sticker-checkout-title" className="sticker-checkout__title">
        Checkout
      </h3>
      <p>These paid stickers are on your laptop. Buy them to save your laptop as it is:</p>
      <ul className="sticker-checkout__list">
        {stickers.map((sticker) => (
          <li key={sticker._id} className="sticker-checkout__row">
            <img src={sticker.path} alt="" width={48} />
            <span className="sticker-checkout__name">{sticker.name}</span>
            <span className="sticker-checkout__price">{dollars(sticker.price)}</span>
          </li>
        ))}
        <li className="sticker-checkout__row sticker-checkout__total">
          <span className="sticker-checkout__name">Total</span>
          <span className="sticker-checkout__price">{dollars(totalCents(stickers))}</span>
        </li>
      </ul>
      <p className="sticker-checkout__soon" role="status">
        <strong>{CHECKOUT_SOON}.</strong> Buying stickers arrives with Platter Gold. Until then, take the paid stickers
        off your laptop to save it.
      </p>
      <div className="form-actions">
        <button type="button" className="button button--primary" onClick={onBack}>
          Back to my laptop
        </button>
      </div>
    </section>
  );
}
