/**
 * How the sandbox signs its webhooks, the scheme Stripe uses:
 * `Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
 * keyed with the webhook secret. The time inside the signed text lets the
 * receiver refuse an old request replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';

/** How old a signature may be when it arrives (the processor retries with a fresh one). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value for `body` signed at `atMs`. */
export function signSandboxPayload(secret: string, body: string, atMs: number): string {
  const timestamp = Math.floor(atMs / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'malformed' | 'mismatch' | 'stale';

/** Checks a header against the body; any v1 entry may match (several while a secret is rolled). */
export function checkSandboxSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowMs: number,
): SignatureCheck {
  if (!header) return 'missing';
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name, value]) => name === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) return 'malformed';
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return 'mismatch';
  return Math.abs(Math.floor(nowMs / 1000) - timestamp) > SIGNATURE_TOLERANCE_SECONDS ? 'stale' : 'ok';
}
