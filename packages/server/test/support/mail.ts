/** Reading the mail an app sent to its outbox (the embedded mailer), and the links in it. */
import { recentOutboxMail, type OutboxMail } from '../../src/adapters/mail/outbox-mailer';
import type { TestApp } from './test-app';

/** Every mail to `address` so far, oldest first, once the mail in flight has been written. */
export async function mailsTo(t: TestApp, address: string): Promise<OutboxMail[]> {
  await t.app.services.mail.settled();
  const all = await recentOutboxMail(t.app.services.db, 1000);
  return all.filter((mail) => mail.to.toLowerCase() === address.toLowerCase()).reverse();
}

/** The newest mail to `address`; fails when there is none. */
export async function lastMailTo(t: TestApp, address: string): Promise<OutboxMail> {
  const mails = await mailsTo(t, address);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return last;
}

/** The token of the first link in `text` that carries `parameter` (verify_token or reset_token). */
export function tokenIn(text: string, parameter: 'verify_token' | 'reset_token'): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).searchParams.has(parameter));
  if (!link) throw new Error(`no link with ${parameter} in:\n${text}`);
  return new URL(link).searchParams.get(parameter)!;
}

/** The token of the newest mail to `address` with such a link. */
export async function lastTokenTo(
  t: TestApp,
  address: string,
  parameter: 'verify_token' | 'reset_token',
): Promise<string> {
  return tokenIn((await lastMailTo(t, address)).text, parameter);
}
