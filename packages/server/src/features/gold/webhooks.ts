/**
 * POST /webhooks/payments: the provider's signed events. The signature is
 * checked on the raw body, byte for byte, so this route reads its body as a
 * string (its own content-type parser, in its own plugin scope, leaving the
 * API's JSON parsing alone). Bad input is a 400, never a 500. An event is
 * applied to the end even when its sender stops waiting (the sandbox cuts
 * its deliveries short when the app closes): `settled` lets closing wait.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../api/context';
import type { PaymentEvent } from '../../adapters/payments/provider';
import { InFlight } from '../../lib/in-flight';
import { applyPaymentEvent } from './events';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface PaymentWebhooks {
  /** Resolves once every event being applied has been. */
  settled(): Promise<void>;
}

export async function registerPaymentWebhooks(http: FastifyInstance, services: Services): Promise<PaymentWebhooks> {
  const applying = new InFlight();
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    scope.post('/webhooks/payments', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[services.payments.signatureHeader.toLowerCase()];
      let event: PaymentEvent | null;
      try {
        event = services.payments.readWebhook(raw, Array.isArray(header) ? header[0] : header);
      } catch (error) {
        // A bad signature, or a signed body that is not an event: either way the sender's fault.
        request.log.warn({ err: error }, 'payment webhook refused');
        return reply.status(400).header('cache-control', 'no-store').send({ received: false });
      }
      // Null: an event type Platter has no use for, acknowledged so that it is not sent again.
      if (event) await applying.run(() => applyPaymentEvent(services, event));
      return reply.header('cache-control', 'no-store').send({ received: true });
    });
  });
  return { settled: () => applying.settled() };
}
