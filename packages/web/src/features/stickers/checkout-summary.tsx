/**
 * What Checkout lists (spec §2, §9): each unbought paid sticker on the
 * laptop with its price, and the total in dollars; for a Gold member the
 * Gold discount and the total they pay.
 */
import { GOLD_STICKER_DISCOUNT_PERCENT, type Sticker } from '@platter/contract';
import { dollars } from '../../lib/money';
import type { CheckoutTotals } from './checkout-rules';

export function CheckoutSummary({ stickers, totals }: { stickers: readonly Sticker[]; totals: CheckoutTotals }) {
  return (
    <ul className="sticker-checkout__list" aria-label="Your order">
      {stickers.map((sticker) => (
        <li key={sticker._id} className="sticker-checkout__row">
          <img src={sticker.path} alt="" width={48} />
          <span className="sticker-checkout__name">{sticker.name}</span>
          <span className="sticker-checkout__price">{dollars(sticker.price)}</span>
        </li>
      ))}
      {totals.discount > 0 && (
        <li className="sticker-checkout__row sticker-checkout__discount">
          <span className="sticker-checkout__name">Gold discount ({GOLD_STICKER_DISCOUNT_PERCENT}%)</span>
          <span className="sticker-checkout__price">{dollars(-totals.discount)}</span>
        </li>
      )}
      <li className="sticker-checkout__row sticker-checkout__total">
        <span className="sticker-checkout__name">Total</span>
        <span className="sticker-checkout__price">{dollars(totals.total)}</span>
      </li>
    </ul>
  );
}
