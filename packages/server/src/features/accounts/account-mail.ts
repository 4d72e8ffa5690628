/** The account's mails (spec §4 Email): verification and password-reset links, and notices of an email change and of a sign-up with a taken address. */
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

/**
 * Mails a new verification link for `email`, the account's unverified address.
 * The token is made in the background, as the notice of a taken address at
 * sign-up is, so that sign-up takes as long for either.
 */
export function sendVerification(services: Services, who: Recipient, email: string): void {
  services.mail.post(async () => {
    const secret = await issueToken(services, who.id, 'verify_email', email);
    const link = tokenLink(services.config.publicUrl, 'verify_email', secret);
    return verificationMail(services.config.productName, who, email, link);
  });
}

export function signupAttemptNotice(productName: string, who: Recipient, to: string, publicUrl: string): Mail {
  return mail(to, `Someone tried to sign up for ${productName} with your email`, [
    greeting(who),
    '',
    `Someone (maybe you) just tried to sign up for ${productName} with this email address, ${to}.`,
    'It already belongs to your account, so it was not added to another one, and your account is as it was.',
    '',
    `If it was you: you already have an account. Log in at ${publicUrl}/login`,
    `Forgotten your password? Reset it here: ${publicUrl}/reset-password`,
    '',
    "If it wasn't you, you can ignore this email.",
    '',
    `— ${productName}`,
  ]);
}

/**
 * Tells the holder of `email` that a sign-up tried it. Who holds it is looked
 * up in the background, so that sign-up answers as fast as with a new address.
 */
export function sendSignupAttemptNotice(
  services: Services,
  email: string,
  holder: () => Promise<{ name: string | null } | undefined>,
): void {
  services.mail.post(async () =>
    signupAttemptNotice(
      services.config.productName,
      { id: '', name: (await holder())?.name ?? null },
      email,
      services.config.publicUrl,
    ),
  );
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
