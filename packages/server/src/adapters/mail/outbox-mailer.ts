import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { randomBytes } from 'node:crypto';
import type { Mail, Mailer } from './mailer';

/**
 * The embedded default: each mail becomes a row of `mail_outbox`, and the log notes that it was
 * kept (whom for, its subject), never its text: a reset link in a log line is the account.
 */
export class OutboxMailer implements Mailer {
  private sequence = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto('mailOutbox')
      .values({
        id: this.idFor(at),
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        createdAt: at,
      })
      .execute();
    this.log.info(
      `Mail kept in the outbox, sent to nobody (set SMTP_URL to send mail), to ${mail.to}: ${mail.subject}`,
    );
  }

  async close(): Promise<void> {}

  /** Ids that sort in the order mails were written, even within one millisecond: time, sequence, randomness. */
  private idFor(at: number): string {
    const sequence = (this.sequence = (this.sequence + 1) % 0x10000);
    return `${at.toString(16).padStart(12, '0')}${sequence.toString(16).padStart(4, '0')}${randomBytes(4).toString('hex')}`;
  }
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: number;
}

/** The newest mails first. */
export async function recentOutboxMail(db: Db, limit = 50): Promise<OutboxMail[]> {
  const rows = await db.selectFrom('mailOutbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt,
  }));
}
