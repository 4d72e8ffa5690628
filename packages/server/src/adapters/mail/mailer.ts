/**
 * Outgoing mail behind one small interface: the embedded default keeps each
 * mail in the database's outbox (a developer on this machine reads it at
 * /dev/outbox with DEV_OUTBOX=1); with SMTP_URL set, nodemailer hands it to an
 * SMTP server.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Delivers one mail; rejects when it could not. */
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
