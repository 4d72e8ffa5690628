/**
 * The credit card rules of spec §5 with their exact messages, on top of a
 * well-kept card library (card-validator: brands, Luhn checksum, CVC sizes).
 * The browser checks a card before sending it to the payment provider; the
 * sandbox provider checks it again, as a real processor would. Platter's own
 * server never sees a card number.
 */
import cardValidator from 'card-validator';
import { CARD_CVC_MAX, CARD_MONTH_MAX, CARD_NUMBER_MAX, CARD_YEAR_MAX, CARD_ZIP_MAX } from './constants';
import type { CardBrand } from './calls/order';

export const cardMessages = {
  number: 'Please enter a valid credit card number',
  date: 'Please enter a valid date',
  cvc: 'Please enter a valid CVC',
  zip: 'Please enter a valid ZIP code',
} as const;

/** What a person types into the credit card screen (spec §3 Card entry payload). */
export interface CardEntry {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
  address_zip: string;
}

export type CardField = keyof CardEntry;

const BRANDS: readonly CardBrand[] = ['visa', 'american-express', 'mastercard', 'discover', 'diners-club', 'jcb'];

/** Spaces and dashes people type between groups are not part of the number. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The brand a number belongs to, as soon as its first digits tell (spec §2: the brand image). */
export function cardBrand(number: string): CardBrand {
  const type = cardValidator.number(cardDigits(number)).card?.type;
  return BRANDS.find((brand) => brand === type) ?? 'unknown';
}

/** Spec §5: passes the card check; the library rule is 10 to 16 digits with a checksum. */
export function isValidCardNumber(number: string): boolean {
  if (number.length > CARD_NUMBER_MAX) return false;
  const digits = cardDigits(number);
  if (!/^\d{10,16}$/.test(digits)) return false;
  return cardValidator.number(digits, { luhnValidateUnionPay: true }).isValid;
}

/** Spec §5: a two-digit year is prefixed with 20. */
export function fullYear(year: string): number {
  const trimmed = year.trim();
  return trimmed.length <= 2 ? 2000 + Number(trimmed) : Number(trimmed);
}

/** Spec §5: month and year checked together; month 1–12 and not yet past. */
export function isValidExpiry(month: string, year: string, now = new Date()): boolean {
  const m = month.trim();
  const y = year.trim();
  if (!/^\d{1,2}$/.test(m) || !/^(\d{2}|\d{4})$/.test(y)) return false;
  if (m.length > CARD_MONTH_MAX || y.length > CARD_YEAR_MAX) return false;
  const monthNumber = Number(m);
  if (monthNumber < 1 || monthNumber > 12) return false;
  const yearNumber = fullYear(y);
  const thisYear = now.getFullYear();
  if (yearNumber > thisYear + 20) return false;
  return yearNumber > thisYear || (yearNumber === thisYear && monthNumber >= now.getMonth() + 1);
}

/** Spec §5: 3 or 4 digits; 4 for American Express, 3 for the others once the brand is known. */
export function isValidCvc(cvc: string, number = ''): boolean {
  if (cvc.length > CARD_CVC_MAX || !/^\d{3,4}$/.test(cvc)) return false;
  const size = cardValidator.number(cardDigits(number)).card?.code.size;
  return size === undefined || cvc.length === size;
}

/** Spec §5: five digits. */
export function isValidZip(zip: string): boolean {
  return zip.length <= CARD_ZIP_MAX && /^\d{5}$/.test(zip);
}

/** Every problem of a card entry, by field, in the spec's words; empty when the card may be sent. */
export function cardProblems(entry: CardEntry, now = new Date()): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  if (!isValidCardNumber(entry.number)) problems.number = cardMessages.number;
  if (!isValidExpiry(entry.exp_month, entry.exp_year, now)) {
    problems.exp_month = cardMessages.date;
    problems.exp_year = cardMessages.date;
  }
  if (!isValidCvc(entry.cvc, entry.number)) problems.cvc = cardMessages.cvc;
  if (!isValidZip(entry.address_zip)) problems.address_zip = cardMessages.zip;
  return problems;
}
