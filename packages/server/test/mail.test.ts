/**
 * Outgoing mail: the embedded outbox (a table; /dev/outbox only with DEV_OUTBOX), and
 * SMTP through nodemailer, caught here by a real SMTP server on loopback
 * whose links are followed through the API.
 */
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OutboxMailer, recentOutboxMail } from '../src/adapters/mail/outbox-mailer';
import { whereMailGoes } from '../src/adapters/mail';
import { loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';
import { lastMailTo, mailsTo, tokenIn } from './support/mail';

describe('the embedded outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test('keeps each mail in the mail_outbox table', async () => {
    const member = await aMember(t);
    const [mail] = await mailsTo(t, member.email);
    expect(mail).toMatchObject({ to: member.email, subject: 'Confirm your email for Platter' });
    expect(mail!.html).toContain('<a href="');
  });

  test('on the defaults nobody can read it: there is no /dev/outbox, so a reset link stays secret', async () => {
    const member = await aMember(t);
    await t.ok('user.forgot_password', { email: member.email });
    await t.app.services.mail.settled();
    const token = tokenIn((await lastMailTo(t, member.email)).text, 'reset_token');
    const response = await t.fetch('/dev/outbox');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(token);
  });

  test('each mail is noted in the log, never its text: a link in a log line is the account', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const http = Fastify({ logger: { level: 'trace', stream } });
    const mailer = new OutboxMailer(t.app.services.db, Date.now, http.log);
    await mailer.send({
      to: 'log@example.com',
      subject: 'Logged',
      text: 'Follow https://example.com/?reset_token=abc123secret',
      html: '<a href="https://example.com/?reset_token=abc123secret">Reset</a>',
    });
    await http.close();
    const line = JSON.parse(logged.trim().split('\n').at(-1)!) as { level: number; msg: string };
    expect(line.level).toBe(30);
    expect(line.msg).toBe(
      'Mail kept in the outbox, sent to nobody (set SMTP_URL to send mail), to log@example.com: Logged',
    );
    expect(logged).not.toContain('abc123secret');
    expect((await recentOutboxMail(t.app.services.db, 1))[0]).toMatchObject({
      to: 'log@example.com',
      subject: 'Logged',
    });
  });
});

describe("DEV_OUTBOX: the developer's page of the mail kept", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ devOutbox: true });
  });
  afterAll(() => t.close());

  test('GET /dev/outbox lists the newest mail first, escaped, with clickable links', async () => {
    t.app.services.mail.post({ to: 'dev@example.com', subject: 'Older <b>news</b>', text: 'Nothing to see.' });
    const member = await aMember(t, { name: `Bass & Treble ${process.pid % 1000}` });
    const token = tokenIn((await lastMailTo(t, member.email)).text, 'verify_token');
    const response = await t.fetch('/dev/outbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain('<title>Platter outbox</title>');
    expect(page).toContain('Older &#60;b&#62;news&#60;/b&#62;');
    expect(page).not.toContain('<b>news</b>');
    expect(page).toContain(`Hi Bass &#38; Treble`);
    const link = `${t.app.services.config.publicUrl}/?verify_token=${token}`;
    expect(page).toContain(`<a href="${link}">${link}</a>`);
    expect(page.indexOf(member.email)).toBeLessThan(page.indexOf('Older'));
  });

  test('it answers only a browser on this machine, not another address nor one forwarded by a proxy', async () => {
    const fromAfar = await t.app.http.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.7' });
    expect(fromAfar.statusCode).toBe(404);
    expect(fromAfar.body).not.toContain('outbox</title>');
    const forwarded = await t.fetch('/dev/outbox', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.status).toBe(404);
    const local = await t.app.http.inject({ url: '/dev/outbox', remoteAddress: '::ffff:127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});

describe('where mail goes, said at start', () => {
  test('without SMTP_URL, loudly: mail reaches nobody, and how to read it on this machine', () => {
    expect(whereMailGoes(loadConfig({}))).toEqual({
      level: 'warn',
      message:
        "SMTP_URL is not set: mail (sign-up confirmations, password reset links) is kept in the database's outbox and reaches nobody. Set SMTP_URL to send it; while developing on this machine, DEV_OUTBOX=1 shows it at http://localhost:8080/dev/outbox.",
    });
  });

  test('with DEV_OUTBOX, that every mail is shown, and where', () => {
    expect(whereMailGoes(loadConfig({ DEV_OUTBOX: '1', PORT: '3000' }))).toEqual({
      level: 'warn',
      message:
        "SMTP_URL is not set: mail reaches nobody. DEV_OUTBOX is on: every mail, password reset links included, is shown at http://localhost:3000/dev/outbox to this machine's own browser. Turn it off on any machine other people use.",
    });
  });

  test('with SMTP_URL, the server and the sender, never the password', () => {
    const notice = whereMailGoes(
      loadConfig({ SMTP_URL: 'smtp://platter:s3cret@mail.example.org:587', PUBLIC_URL: 'https://fm.example.org' }),
    );
    expect(notice).toEqual({
      level: 'info',
      message:
        'Mail goes out through the SMTP server at mail.example.org:587, from "Platter" <no-reply@fm.example.org>.',
    });
    expect(notice.message).not.toContain('s3cret');
  });
});

/** A real SMTP server on a loopback port that wants a login and keeps what it is sent. */
class CatchingSmtpServer {
  readonly caught: ParsedMail[] = [];
  readonly envelopes: { from: string; to: string[] }[] = [];
  private waiting: (() => void)[] = [];
  readonly server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username === 'platter' && auth.password === 's3cret pw') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.caught.push(mail);
          this.envelopes.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          for (const wake of this.waiting.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  /** The first mail caught for `address`, waiting for it up to a few seconds. */
  async mailTo(address: string): Promise<ParsedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.caught.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} reached the SMTP server`);
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('with SMTP_URL', () => {
  const smtp = new CatchingSmtpServer();
  let t: TestApp;
  beforeAll(async () => {
    const port = await smtp.start();
    t = await startTestApp({
      mail: {
        smtpUrl: `smtp://platter:${encodeURIComponent('s3cret pw')}@127.0.0.1:${port}`,
        from: '"Platter" <no-reply@platter.test>',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  test('sign-up mail reaches the SMTP server from MAIL_FROM, as text and HTML; its link verifies the email', async () => {
    const member = await aMember(t);
    const mail = await smtp.mailTo(member.email);
    expect(mail.subject).toBe('Confirm your email for Platter');
    expect(mail.from?.text).toBe('"Platter" <no-reply@platter.test>');
    expect(smtp.envelopes.at(-1)).toEqual({ from: 'no-reply@platter.test', to: [member.email] });
    expect(mail.text).toContain(`Hi ${member.name},`);
    const token = tokenIn(mail.text ?? '', 'verify_token');
    expect(mail.html).toContain(`href="${t.app.services.config.publicUrl}/?verify_token=${token}"`);

    await t.ok('user.change_email', { verify_token: token });
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email: member.email, unverified_email: null });
    // Mail went out by SMTP, so nothing waits in the outbox.
    expect(await mailsTo(t, member.email)).toEqual([]);
  });

  test('a reset link caught from the SMTP server sets a new password', async () => {
    const member = await aMember(t);
    await t.ok('user.forgot_password', { email: member.email });
    await t.app.services.mail.settled();
    const reset = smtp.caught.find(
      (mail) =>
        mail.to && !Array.isArray(mail.to) && mail.to.text === member.email && mail.subject?.startsWith('Reset'),
    );
    expect(reset?.subject).toBe('Reset your Platter password');
    await t.ok('user.change_password', {
      reset_token: tokenIn(reset?.text ?? '', 'reset_token'),
      password: 'caught reset',
    });
    await t.ok('user.email_login', { email: member.email, password: 'caught reset' });
  });
});

describe('with an SMTP server that is not there', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await startTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@platter.test' } });
  });
  afterAll(() => t.close());

  test('sign-up and password reset still answer: mail is sent in the background and a failure is logged', async () => {
    const member = await aMember(t);
    expect(await t.ok('user.forgot_password', { email: member.email })).toEqual({});
    await t.app.services.mail.settled();
    expect((await t.ok('user.info', {}, member)).unverified_email).toBe(member.email);
  });
});
