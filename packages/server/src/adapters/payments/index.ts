/**
 * Picks the card processor from the configuration: Stripe when its keys are
 * set, the built-in sandbox otherwise (docs/payments.md). Stripe's client is
 * loaded only when it is the one picked (it is a large library).
 */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentProvider } from './provider';
import { SANDBOX_PATH } from './sandbox/sandbox-api';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';
import { sandboxDb } from './sandbox/sandbox-schema';

export * from './provider';

/**
 * `selfUrl`: this instance's own base URL once it listens; the sandbox is
 * reached there unless SANDBOX_PAY_URL names another instance's.
 */
export async function createPaymentProvider(
  config: Config,
  db: Db,
  now: () => number,
  selfUrl: () => string,
): Promise<PaymentProvider> {
  const payments = config.payments;
  if (payments.provider === 'stripe') {
    const { StripePaymentProvider } = await import('./stripe');
    return new StripePaymentProvider(payments, now);
  }
  const configured = payments.sandboxUrl?.replace(/\/+$/, '') ?? null;
  return new SandboxPaymentProvider({
    db: sandboxDb(db),
    now,
    apiUrl: () => configured ?? `${selfUrl()}${SANDBOX_PATH}`,
    // The page may be loaded under another host name than PUBLIC_URL (127.0.0.1 or localhost):
    // a path is resolved by the browser against the page itself, so the sandbox is always same-origin.
    browserApiUrl: configured ?? SANDBOX_PATH,
    timeoutMs: payments.timeoutMs,
  });
}
