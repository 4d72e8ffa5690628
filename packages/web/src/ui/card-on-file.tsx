/** A saved card in one line: its brand's badge, the last four digits, and when it expires. */
import type { Card } from '@platter/contract';
import { CardBadge, cardBrandName } from './card-badge';
import './card-badge.css';

/** The saved card's number as the credit card screen shows it: masked but for the last four (spec §2). */
export function maskedCardNumber(lastFour: string): string {
  return `•••• •••• •••• ${lastFour}`;
}

/** MM/YYYY. */
export function cardExpiry(card: Pick<Card, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

export function CardOnFile({ card }: { card: Card }) {
  return (
    <span className="card-on-file">
      <CardBadge brand={card.type} width={36} decorative />
      <span className="visually-hidden">{cardBrandName(card.type) ?? 'Card'} ending in</span>
      <span className="card-on-file__number">•••• {card.last_four}</span>
      <span className="card-on-file__expiry">
        <span className="visually-hidden">expires </span>
        {cardExpiry(card)}
      </span>
    </span>
  );
}
