/**
 * The promise of the payment design (issue 6): a card number goes from the
 * browser to the card provider and nowhere else. These helpers record every
 * request a page sends and look for card numbers in the ones to Platter's
 * own server, and in the server's database files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The card provider's endpoints: the only place on this server a card number may go. */
const PROVIDER_PATH = '/sandbox-pay/';

interface Sent {
  url: string;
  body: string;
}

/** The ways a typed number can appear in a request: as typed, digits only, form- or URL-encoded. */
export function numberForms(typed: string): string[] {
  const digits = typed.replace(/\D/g, '');
  return [...new Set([typed, digits, typed.replace(/ /g, '+'), encodeURIComponent(typed)])];
}

export class RequestLog {
  readonly sent: Sent[] = [];

  constructor(
    page: Page,
    private readonly baseUrl: string,
  ) {
    page.on('request', (request) => this.sent.push({ url: request.url(), body: request.postData() ?? '' }));
  }

  /** Requests to this server other than the provider's that mention one of the numbers. */
  leaks(numbers: readonly string[]): string[] {
    return this.toPlatter()
      .filter(({ url, body }) =>
        numbers.some((n) => numberForms(n).some((form) => url.includes(form) || body.includes(form))),
      )
      .map(({ url }) => url);
  }

  /** How many requests went to the provider with the number: proof the log sees card traffic at all. */
  toProviderWith(number: string): number {
    const digits = number.replace(/\D/g, '');
    return this.sent.filter((s) => s.url.startsWith(`${this.baseUrl}${PROVIDER_PATH}`) && s.body.includes(digits))
      .length;
  }

  private toPlatter(): Sent[] {
    return this.sent.filter(
      (s) => s.url.startsWith(this.baseUrl) && !s.url.startsWith(`${this.baseUrl}${PROVIDER_PATH}`),
    );
  }
}

/** Files under `dir` (the database, its -wal and -shm, anything else) holding one of the numbers. */
export function filesHolding(dir: string, numbers: readonly string[]): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file).toString('latin1');
    if (numbers.some((n) => numberForms(n).some((form) => text.includes(form)))) found.push(file);
  }
  return found;
}
