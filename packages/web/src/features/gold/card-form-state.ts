/**
 * The credit card screen's rules (spec §2, §5), apart from React: a saved
 * card prefills the form masked; touching any field leaves saved-card mode
 * and empties every field; all fields are required except in saved-card
 * mode, where Save changes nothing.
 */
import { cardBrand, cardProblems, type Card, type CardBrand, type CardEntry, type CardField } from '@platter/contract';
import { maskedCardNumber } from '../../ui/card-on-file';

export type CardErrors = Partial<Record<CardField, string>>;

export interface CardFormState {
  entry: CardEntry;
  /** The card on file while the form still shows it (saved-card mode), else null. */
  saved: Card | null;
  errors: CardErrors;
}

export const EMPTY_ENTRY: CardEntry = { number: '', exp_month: '', exp_year: '', cvc: '', address_zip: '' };

/** The saved card as the form shows it: the number masked but for the last four; no CVC is ever kept. */
export function savedEntry(card: Card): CardEntry {
  return {
    number: maskedCardNumber(card.last_four),
    exp_month: String(card.exp_month).padStart(2, '0'),
    exp_year: String(card.exp_year),
    cvc: '',
    address_zip: card.address_zip ?? '',
  };
}

export function initialCardForm(saved: Card | null): CardFormState {
  return { entry: saved ? savedEntry(saved) : EMPTY_ENTRY, saved, errors: {} };
}

/** A field was touched: saved-card mode ends and the form starts empty. */
export function touchCardForm(state: CardFormState): CardFormState {
  return state.saved ? { entry: EMPTY_ENTRY, saved: null, errors: {} } : state;
}

export function changeCardField(state: CardFormState, field: CardField, value: string): CardFormState {
  const touched = touchCardForm(state);
  const errors = { ...touched.errors };
  delete errors[field];
  // Month and year are checked together: correcting either clears their shared message.
  if (field === 'exp_month' || field === 'exp_year') {
    delete errors.exp_month;
    delete errors.exp_year;
  }
  return { ...touched, entry: { ...touched.entry, [field]: value }, errors };
}

/** The badge beside the number: the saved card's brand, or the brand of what is typed. */
export function shownBrand(state: CardFormState): CardBrand {
  return state.saved ? state.saved.type : cardBrand(state.entry.number);
}

export type CardSubmission =
  { kind: 'unchanged' } | { kind: 'invalid'; errors: CardErrors } | { kind: 'send'; entry: CardEntry };

/** What Save does: nothing in untouched saved-card mode; otherwise every §5 rule, then the card goes to the provider. */
export function submitCardForm(state: CardFormState, now = new Date()): CardSubmission {
  if (state.saved) return { kind: 'unchanged' };
  const errors = cardProblems(state.entry, now);
  return Object.keys(errors).length > 0 ? { kind: 'invalid', errors } : { kind: 'send', entry: state.entry };
}
