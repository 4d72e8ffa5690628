/** The mail a member gets when a renewal failed and Gold ended (docs/gold.md). */
import { orderMessages } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Mail } from '../../adapters/mail';
import { textToHtml } from '../../lib/html';
import { goldPlan } from './products';
import type { SubscriptionRow } from './store';

export function renewalFailedMail(
  productName: string,
  planName: string,
  who: { name: string | null; email: string },
  accountUrl: string,
): Mail {
  const text = [
    who.name ? `Hi ${who.name},` : 'Hi,',
    '',
    orderMessages.renewalFailed,
    `Your ${planName} subscription has ended, and with it your ${productName} Gold avatars, emblem and sticker discount.`,
    '',
    `To turn Gold again, update your card and subscribe from your account: ${accountUrl}`,
    '',
    `— ${productName}`,
  ].join('\n');
  return {
    to: who.email,
    subject: `Your ${productName} Gold subscription has ended`,
    text,
    html: `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${textToHtml(text)}\n</body></html>\n`,
  };
}

/** Mails the member of `subscription`, when they have a verified email. */
export async function sendRenewalFailed(services: Services, subscription: SubscriptionRow): Promise<void> {
  const user = await services.db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', subscription.userId)
    .executeTakeFirst();
  if (!user?.email) return;
  const planName = goldPlan(subscription.productId)?.name ?? `${services.config.productName} Gold`;
  const accountUrl = `${services.config.publicUrl}/account`;
  services.mail.post(
    renewalFailedMail(services.config.productName, planName, { name: user.name, email: user.email }, accountUrl),
  );
}
