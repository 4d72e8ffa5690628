/**
 * The sandbox's documented test cards (docs/payments.md). The number decides
 * how the card behaves when charged; tokenizing keeps that behaviour and
 * forgets the number. Any other valid number behaves like a good card.
 */
import { cardDigits } from '@platter/contract';

export type CardBehaviour =
  | 'succeed'
  | 'decline'
  | 'insufficient_funds'
  /** The first payment on the card succeeds; every later one is declined. */
  | 'first_only'
  /** Stays pending, then succeeds after the settle delay (webhook). */
  | 'delayed_success'
  /** Stays pending, then fails after the settle delay (webhook). */
  | 'delayed_failure'
  /** The processor answers only after the hang delay, and records the payment as failed. */
  | 'hang';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  what: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', brand: 'Visa', behaviour: 'succeed', what: 'Succeeds' },
  { number: '5555 5555 5555 4444', brand: 'MasterCard', behaviour: 'succeed', what: 'Succeeds' },
  { number: '3782 822463 10005', brand: 'American Express', behaviour: 'succeed', what: 'Succeeds (CVC: 4 digits)' },
  { number: '6011 1111 1111 1117', brand: 'Discover', behaviour: 'succeed', what: 'Succeeds' },
  { number: '3056 9300 0902 0004', brand: 'Diners Club', behaviour: 'succeed', what: 'Succeeds' },
  { number: '3566 0020 2036 0505', brand: 'JCB', behaviour: 'succeed', what: 'Succeeds' },
  { number: '4000 0000 0000 0002', brand: 'Visa', behaviour: 'decline', what: "Declined: 'Your card was declined.'" },
  {
    number: '4000 0000 0000 9995',
    brand: 'Visa',
    behaviour: 'insufficient_funds',
    what: "Declined: 'Your card has insufficient funds.'",
  },
  {
    number: '4000 0000 0000 0341',
    brand: 'Visa',
    behaviour: 'first_only',
    what: 'The first payment succeeds; every later one (renewals, further charges) is declined',
  },
  {
    number: '4000 0000 0000 0077',
    brand: 'Visa',
    behaviour: 'delayed_success',
    what: 'Pending, then succeeds after the settle delay (webhook)',
  },
  {
    number: '4000 0000 0000 0085',
    brand: 'Visa',
    behaviour: 'delayed_failure',
    what: "Pending, then fails after the settle delay (webhook): 'Your card was declined.'",
  },
  {
    number: '4000 0000 0000 0119',
    brand: 'Visa',
    behaviour: 'hang',
    what: "Answers only after the hang delay; the payment is recorded as failed: 'A processing error occurred.'",
  },
];

/** The processor's words for a failed payment (shown to the member as they are, spec §8). */
export const DECLINES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  processing_error: 'A processing error occurred.',
} as const;

export type DeclineCode = keyof typeof DECLINES;

const BEHAVIOURS = new Map(TEST_CARDS.map((card) => [cardDigits(card.number), card.behaviour]));

/** How a card number behaves; the number itself is not kept. */
export function behaviourOf(number: string): CardBehaviour {
  return BEHAVIOURS.get(cardDigits(number)) ?? 'succeed';
}

export type PaymentOutcome =
  | { status: 'succeeded' }
  | { status: 'failed'; code: DeclineCode; hang: boolean }
  | { status: 'pending'; settlesAs: 'succeeded' | 'failed' };

/** What charging a card does, given how many payments on it have succeeded before. */
export function outcomeOf(behaviour: CardBehaviour, paymentsBefore: number): PaymentOutcome {
  switch (behaviour) {
    case 'succeed':
      return { status: 'succeeded' };
    case 'decline':
      return { status: 'failed', code: 'card_declined', hang: false };
    case 'insufficient_funds':
      return { status: 'failed', code: 'insufficient_funds', hang: false };
    case 'first_only':
      return paymentsBefore === 0 ? { status: 'succeeded' } : { status: 'failed', code: 'card_declined', hang: false };
    case 'delayed_success':
      return { status: 'pending', settlesAs: 'succeeded' };
    case 'delayed_failure':
      return { status: 'pending', settlesAs: 'failed' };
    case 'hang':
      return { status: 'failed', code: 'processing_error', hang: true };
  }
}
