/**
 * The sandbox's cards: a card entry checked as a processor would (the
 * contract's rules and messages, spec §5) becomes a single-use token that
 * keeps everything but the number and CVC (and the test card's behaviour);
 * a customer holds the card of the last token given to it.
 */
import { cardBrand, cardDigits, cardProblems, fullYear, type CardEntry } from '@platter/contract';
import { SandboxError, sandboxErrors } from './sandbox-errors';
import { customerJson, tokenJson, type SandboxCustomerJson, type SandboxTokenJson } from './sandbox-resources';
import type { SandboxDb } from './sandbox-schema';
import * as store from './sandbox-store';
import { behaviourOf } from './test-cards';

/** A token can be used within an hour of being made, like a processor's. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const CARD_ERROR_CODES = {
  number: 'invalid_number',
  exp_month: 'invalid_expiry_month',
  exp_year: 'invalid_expiry_year',
  cvc: 'invalid_cvc',
  address_zip: 'incorrect_zip',
} as const;

export class SandboxCards {
  constructor(
    private readonly db: SandboxDb,
    private readonly now: () => number,
  ) {}

  /** Checks a card as a processor would (the contract's rules, spec §5) and keeps all but its number and CVC. */
  async createToken(entry: CardEntry): Promise<SandboxTokenJson> {
    const now = this.now();
    const problems = cardProblems(entry, new Date(now));
    const field = (['number', 'exp_month', 'exp_year', 'cvc', 'address_zip'] as const).find((name) => problems[name]);
    if (field) throw new SandboxError(402, 'card_error', CARD_ERROR_CODES[field], problems[field]!, { param: field });
    const row = {
      id: store.sandboxId('tok'),
      last4: cardDigits(entry.number).slice(-4),
      brand: cardBrand(entry.number),
      expMonth: Number(entry.exp_month),
      expYear: fullYear(entry.exp_year),
      addressZip: entry.address_zip,
      behaviour: behaviourOf(entry.number),
      used: 0,
      createdAt: now,
    };
    await store.insertToken(this.db, row);
    return tokenJson(row);
  }

  async token(id: string): Promise<SandboxTokenJson> {
    const row = await store.findToken(this.db, id);
    if (!row) throw sandboxErrors.missing('token', id);
    return tokenJson(row);
  }

  async createCustomer(input: {
    email: string | null;
    userid: string | null;
    source: string;
  }): Promise<SandboxCustomerJson> {
    const card = await this.takeToken(input.source);
    const row = {
      id: store.sandboxId('cus'),
      email: input.email,
      userid: input.userid,
      ...card,
      cardPayments: 0,
      createdAt: this.now(),
    };
    await store.insertCustomer(this.db, row);
    return customerJson(row);
  }

  async customer(id: string): Promise<SandboxCustomerJson> {
    return customerJson(await this.existingCustomer(id));
  }

  /** Replaces the customer's card with the token's. */
  async replaceSource(customerId: string, source: string): Promise<SandboxCustomerJson> {
    await this.existingCustomer(customerId);
    const card = await this.takeToken(source);
    await store.replaceCustomerCard(this.db, customerId, card);
    return customerJson(await this.existingCustomer(customerId));
  }

  /** Checks a token and uses it up; its card is what a customer keeps. */
  private async takeToken(id: string): Promise<store.CardFields> {
    const token = await store.findToken(this.db, id);
    if (!token) throw sandboxErrors.missing('token', id, 'source');
    if (token.used) throw sandboxErrors.tokenUsed();
    if (token.createdAt + TOKEN_LIFETIME_MS < this.now()) throw sandboxErrors.tokenExpired();
    if (!(await store.useToken(this.db, id))) throw sandboxErrors.tokenUsed();
    const { last4, brand, expMonth, expYear, addressZip, behaviour } = token;
    return { last4, brand, expMonth, expYear, addressZip, behaviour };
  }

  private async existingCustomer(id: string): Promise<store.CustomerRow> {
    const row = await store.findCustomer(this.db, id);
    if (!row) throw sandboxErrors.missing('customer', id);
    return row;
  }
}
