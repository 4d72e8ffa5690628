/**
 * GET /dev/outbox: the mail the embedded mailer kept, newest first, so that a
 * developer without an SMTP server can follow verification and reset links.
 * Those links are secrets (a reset link is the account), so the page is there
 * only when the developer's switch DEV_OUTBOX is on (config refuses it unless
 * PUBLIC_URL is loopback), and it answers only this machine's own browser.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../api/context';
import { recentOutboxMail } from '../adapters/mail/outbox-mailer';
import { escapeHtml, textToHtml } from '../lib/html';
import { isLoopbackAddress } from '../lib/loopback';

export const DEV_OUTBOX_PATH = '/dev/outbox';
const SHOWN = 50;

export function registerDevOutbox(app: FastifyInstance, services: Services): void {
  app.get(DEV_OUTBOX_PATH, async (request, reply) => {
    // The socket's own peer, not X-Forwarded-For: a proxy on this machine may forward the world to it.
    if (!isLoopbackAddress(request.socket.remoteAddress) || request.headers['x-forwarded-for'] !== undefined)
      return reply.callNotFound();
    const mails = await recentOutboxMail(services.db, SHOWN);
    const title = `${services.config.productName} outbox`;
    const note = services.config.mail.smtpUrl
      ? '<p>SMTP_URL is set: new mail goes to the SMTP server, not here.</p>'
      : `<p>Mail kept because SMTP_URL is not set; the ${SHOWN} newest are shown.</p>`;
    const list = mails.length
      ? mails
          .map(
            (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To <b>${escapeHtml(mail.to)}</b> at <time datetime="${new Date(mail.createdAt).toISOString()}">${escapeHtml(new Date(mail.createdAt).toUTCString())}</time></p>
<p>${textToHtml(mail.text)}</p>
</article>`,
          )
          .join('\n<hr>\n')
      : '<p>No mail yet.</p>';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: sans-serif; max-width: 50rem; margin: 2rem auto">
<h1>${escapeHtml(title)}</h1>
${note}
${list}
</body></html>
`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
