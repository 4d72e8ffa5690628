import { cardBrand, cardDigits, cardProblems, isValidCardNumber } from '@platter/contract';
import { describe, expect, test } from 'vitest';
import { DECLINES, TEST_CARDS, behaviourOf, outcomeOf } from './test-cards';

const BRANDS = {
  Visa: 'visa',
  MasterCard: 'mastercard',
  'American Express': 'american-express',
  Discover: 'discover',
  'Diners Club': 'diners-club',
  JCB: 'jcb',
} as const;

/** Luhn, written out here so the test does not lean on the library it checks against. */
function luhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((char, index) => {
    const n = Number(char) * (index % 2 === 1 ? 2 : 1);
    sum += n > 9 ? n - 9 : n;
  });
  return sum % 10 === 0;
}

describe('the documented test cards', () => {
  test.each(TEST_CARDS)('$number ($brand) passes Luhn and the credit card screen', (card) => {
    expect(luhn(cardDigits(card.number))).toBe(true);
    expect(isValidCardNumber(card.number)).toBe(true);
    expect(cardBrand(card.number)).toBe(BRANDS[card.brand as keyof typeof BRANDS]);
    const cvc = card.brand === 'American Express' ? '1234' : '123';
    const entry = { number: card.number, exp_month: '12', exp_year: '2030', cvc, address_zip: '12345' };
    expect(cardProblems(entry, new Date('2026-01-01'))).toEqual({});
  });

  test('a success card for every brand the credit card screen shows', () => {
    const succeeding = TEST_CARDS.filter((card) => card.behaviour === 'succeed').map((card) => card.brand);
    expect(new Set(succeeding)).toEqual(new Set(Object.keys(BRANDS)));
  });

  test('the number decides the behaviour, spaces or not; unknown numbers succeed', () => {
    expect(behaviourOf('4000000000000002')).toBe('decline');
    expect(behaviourOf('4000 0000 0000 9995')).toBe('insufficient_funds');
    expect(behaviourOf('4000-0000-0000-0341')).toBe('first_only');
    expect(behaviourOf('4111 1111 1111 1111')).toBe('succeed');
  });

  test('outcomes: declines in the processor words, the first-payment card, pending and hanging cards', () => {
    expect(outcomeOf('decline', 0)).toEqual({ status: 'failed', code: 'card_declined', hang: false });
    expect(outcomeOf('insufficient_funds', 0)).toEqual({ status: 'failed', code: 'insufficient_funds', hang: false });
    expect(DECLINES.card_declined).toBe('Your card was declined.');
    expect(DECLINES.insufficient_funds).toBe('Your card has insufficient funds.');
    expect(outcomeOf('first_only', 0)).toEqual({ status: 'succeeded' });
    expect(outcomeOf('first_only', 1)).toEqual({ status: 'failed', code: 'card_declined', hang: false });
    expect(outcomeOf('delayed_success', 5)).toEqual({ status: 'pending', settlesAs: 'succeeded' });
    expect(outcomeOf('delayed_failure', 0)).toEqual({ status: 'pending', settlesAs: 'failed' });
    expect(outcomeOf('hang', 0)).toEqual({ status: 'failed', code: 'processing_error', hang: true });
    expect(DECLINES.processing_error).toBe('A processing error occurred.');
  });
});
