/**
 * A real SMTP server on loopback that keeps every mail it is given, so that a
 * journey can follow the links Platter mails out (start the app with
 * SMTP_URL = catcher.url).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export interface MailCatcher {
  url: string;
  mails: CaughtMail[];
  /** The first mail to `to` after the first `skip` of them whose subject matches, once it has arrived. */
  waitFor(to: string, subject: RegExp, options?: { skip?: number; timeoutMs?: number }): Promise<CaughtMail>;
  count(to: string, subject: RegExp): number;
  stop(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const matching = (to: string, subject: RegExp) =>
    mails.filter((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    count: (to, subject) => matching(to, subject).length,
    async waitFor(to, subject, { skip = 0, timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = matching(to, subject)[skip];
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n');
          throw new Error(`No mail to ${to} matching ${subject} (#${skip + 1}) arrived. Mails so far:\n${seen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail whose query carries `parameter` (a verification or reset token). */
export function linkWith(mail: CaughtMail, parameter: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.searchParams.has(parameter)) return url;
  }
  throw new Error(`The mail "${mail.subject}" has no link with ${parameter}:\n${mail.text}`);
}
