/** The account's mails (spec §4 Email): verification and password-reset links, and the notice of an email change. */
import type { Services } from '../../api/context';
import type { Mail } from '../../adapters/mail';
import { textToHtml } from '../../lib/html';
import { issueToken, tokenLink } from './tokens';

interface Recipient {
  id: string;
  name: string | null;
}

function mail(to: string, subject: string, lines: string[]): Mail {
  const text = lines.join('\n');
  return {
    to,
    subject,
    text,
    html: `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${textToHtml(text)}\n</body></html>\n`,
  };
}

const greeting = (who: Recipient) => (who.name ? `Hi ${who.name},` : 'Hi,');

export function verificationMail(productName: string, who: Recipient, to: string, link: string): Mail {
  return mail(to, `Confirm your email for ${productName}`, [
    greeting(who),
    '',
    `Please confirm that ${to} is your email address on ${productName} by following this link:`,
    '',
    link,
    '',
    'The link works once and expires in 7 days.',
    `If you don't have a ${productName} account, or didn't ask for this, you can ignore this email.`,
    '',
    `— ${productName}`,
  ]);
}

export function resetMail(productName: string, who: Recipient, to: string, link: string): Mail {
  return mail(to, `Reset your ${productName} password`, [
    greeting(who),
    '',
    `Someone (we hope you) asked to reset the password of your ${productName} account.`,
    'Follow this link to choose a new one:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour.',
    "If you didn't ask for this, you can ignore this email: your password stays as it is.",
    '',
    `— ${productName}`,
  ]);
}

export function emailChangeNotice(
  productName: string,
  who: Recipient,
  to: string,
  newEmail: string,
  resetUrl: string,
): Mail {
  return mail(to, `Your ${productName} email is about to change`, [
    greeting(who),
    '',
    `Someone signed in to your ${productName} account asked to change its email address to ${newEmail}.`,
    'Nothing changes until that address is confirmed, and you can still sign in with this one until then.',
    '',
    `If that wasn't you, change your password now: ${resetUrl}`,
    '',
    `— ${productName}`,
  ]);
}

/** Mails a new verification link for `email`, the account's unverified address. */
export async function sendVerification(services: Services, who: Recipient, email: string): Promise<void> {
  const secret = await issueToken(services, who.id, 'verify_email', email);
  const link = tokenLink(services.config.publicUrl, 'verify_email', secret);
  services.mail.post(verificationMail(services.config.productName, who, email, link));
}

/**
 * Mails a password-reset link to `email`, an address the account signs in
 * with. Even the token is made in the background, so that user.forgot_password
 * answers as fast for a known address as for an unknown one.
 */
export function sendPasswordReset(services: Services, who: Recipient, email: string): void {
  services.mail.post(async () => {
    const secret = await issueToken(services, who.id, 'reset_password', email);
    const link = tokenLink(services.config.publicUrl, 'reset_password', secret);
    return resetMail(services.config.productName, who, email, link);
  });
}

/** Tells the verified address that a change to `newEmail` was asked for, so a stolen session cannot quietly take the account. */
export function sendEmailChangeNotice(services: Services, who: Recipient, oldEmail: string, newEmail: string): void {
  const resetUrl = `${services.config.publicUrl}/reset-password`;
  services.mail.post(emailChangeNotice(services.config.productName, who, oldEmail, newEmail, resetUrl));
}
