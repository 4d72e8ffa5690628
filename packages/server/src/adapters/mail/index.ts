import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Mail, Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';

export type { Mail, Mailer } from './mailer';

/**
 * What handlers use to send mail. Mail goes out in the background: an answer
 * never waits on a mail server, so its timing cannot tell whether a mail was
 * sent (user.forgot_password), and a mail server that is down fails no call.
 * Failures are logged.
 */
export class MailService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends a mail, or the mail a function makes (work that should not hold up the answer either). */
  post(mail: Mail | (() => Promise<Mail>)): void {
    let made: Mail | undefined;
    const sending = (typeof mail === 'function' ? mail() : Promise.resolve(mail))
      .then((ready) => this.mailer.send((made = ready)))
      .catch((error: unknown) => this.log.error({ err: error, to: made?.to, subject: made?.subject }, 'mail not sent'))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves once every mail posted so far has been sent or has failed. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.mailer.close();
  }
}

/**
 * Where this instance's mail goes, said at start: loudly (a warning) when it reaches nobody, and
 * never with the SMTP password or a link. The level is the one the start log writes it at.
 */
export function whereMailGoes(config: Config): { level: 'info' | 'warn'; message: string } {
  if (config.mail.smtpUrl) {
    const server = new URL(config.mail.smtpUrl);
    return {
      level: 'info',
      message: `Mail goes out through the SMTP server at ${server.host}, from ${config.mail.from}.`,
    };
  }
  const outbox = `${config.publicUrl}/dev/outbox`;
  if (config.devOutbox)
    return {
      level: 'warn',
      message: `SMTP_URL is not set: mail reaches nobody. DEV_OUTBOX is on: every mail, password reset links included, is shown at ${outbox} to this machine's own browser. Turn it off on any machine other people use.`,
    };
  return {
    level: 'warn',
    message: `SMTP_URL is not set: mail (sign-up confirmations, password reset links) is kept in the database's outbox and reaches nobody. Set SMTP_URL to send it; while developing on this machine, DEV_OUTBOX=1 shows it at ${outbox}.`,
  };
}

/** The SMTP client (nodemailer) is loaded only when SMTP_URL is set; mail stays in the outbox table otherwise. */
export async function createMailService(
  config: Config,
  db: Db,
  now: () => number,
  log: FastifyBaseLogger,
): Promise<MailService> {
  const mailer = config.mail.smtpUrl
    ? new (await import('./smtp-mailer')).SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new OutboxMailer(db, now, log);
  return new MailService(mailer, log);
}
