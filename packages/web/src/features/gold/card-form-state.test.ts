import { describe, expect, test } from 'vitest';
import { cardMessages, type Card } from '@platter/contract';
import {
  changeCardField,
  EMPTY_ENTRY,
  initialCardForm,
  shownBrand,
  submitCardForm,
  touchCardForm,
  type CardFormState,
} from './card-form-state';

const NOW = new Date(2026, 4, 15);

const aSavedCard = (changes: Partial<Card> = {}): Card => ({
  last_four: '4242',
  exp_month: 4,
  exp_year: 2031,
  address_zip: '94107',
  type: 'visa',
  ...changes,
});

const typed = (values: Partial<Record<keyof CardFormState['entry'], string>>): CardFormState =>
  Object.entries(values).reduce(
    (state, [field, value]) => changeCardField(state, field as keyof CardFormState['entry'], value ?? ''),
    initialCardForm(null),
  );

describe('saved-card mode', () => {
  test('prefills the number masked with the last four, the month, year, zip and brand; never a CVC', () => {
    const state = initialCardForm(aSavedCard());
    expect(state.entry).toEqual({
      number: '•••• •••• •••• 4242',
      exp_month: '04',
      exp_year: '2031',
      cvc: '',
      address_zip: '94107',
    });
    expect(state.entry.number.length).toBeLessThanOrEqual(19);
    expect(shownBrand(state)).toBe('visa');
  });

  test('Save changes nothing while the saved card is untouched', () => {
    expect(submitCardForm(initialCardForm(aSavedCard()), NOW)).toEqual({ kind: 'unchanged' });
  });

  test('touching any field leaves it and empties every field', () => {
    const touched = touchCardForm(initialCardForm(aSavedCard()));
    expect(touched.saved).toBeNull();
    expect(touched.entry).toEqual(EMPTY_ENTRY);
    expect(shownBrand(touched)).toBe('unknown');
  });

  test('typing into a field of the saved card starts from empty fields with what was typed', () => {
    const state = changeCardField(initialCardForm(aSavedCard()), 'address_zip', '1');
    expect(state.entry).toEqual({ ...EMPTY_ENTRY, address_zip: '1' });
    expect(submitCardForm(state, NOW).kind).toBe('invalid');
  });
});

test('the brand shows as the number is typed', () => {
  expect(shownBrand(typed({ number: '42' }))).toBe('visa');
  expect(shownBrand(typed({ number: '5555' }))).toBe('mastercard');
  expect(shownBrand(typed({ number: '37' }))).toBe('american-express');
  expect(shownBrand(typed({ number: '6011' }))).toBe('discover');
  expect(shownBrand(typed({ number: '3056 93' }))).toBe('diners-club');
  expect(shownBrand(typed({ number: '3566' }))).toBe('jcb');
});

test('every field is required, each with its own §5 message; the date has one for month and year', () => {
  const result = submitCardForm(initialCardForm(null), NOW);
  expect(result).toEqual({
    kind: 'invalid',
    errors: {
      number: cardMessages.number,
      exp_month: cardMessages.date,
      exp_year: cardMessages.date,
      cvc: cardMessages.cvc,
      address_zip: cardMessages.zip,
    },
  });
});

test('correcting a field clears its message; month and year clear together', () => {
  const result = submitCardForm(initialCardForm(null), NOW);
  if (result.kind !== 'invalid') throw new Error('expected problems');
  let state: CardFormState = { ...initialCardForm(null), errors: result.errors };
  state = changeCardField(state, 'exp_year', '2');
  expect(state.errors).toEqual({ number: cardMessages.number, cvc: cardMessages.cvc, address_zip: cardMessages.zip });
  state = changeCardField(state, 'cvc', '1');
  expect(state.errors.cvc).toBeUndefined();
});

test('a good card goes to the provider as typed', () => {
  const entry = { number: '4242 4242 4242 4242', exp_month: '4', exp_year: '31', cvc: '123', address_zip: '94107' };
  expect(submitCardForm(typed(entry), NOW)).toEqual({ kind: 'send', entry });
});
