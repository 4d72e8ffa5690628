/**
 * A started authorization, kept in the browser that started it: the PKCE
 * verifier, state and nonce, who was signed in, and where to come back to,
 * sealed with AES-256-GCM under a key derived from the client's secret. So no
 * table is needed, every instance behind a load balancer can finish a flow
 * another started, and nobody can read or forge one without the secret.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface PendingFlow {
  state: string;
  codeVerifier: string;
  /** null when no ID token is expected (the scopes lack `openid`). */
  nonce: string | null;
  /** The user signed in when the flow started (from the session cookies), or null. */
  userId: string | null;
  returnTo: string | null;
  expiresAt: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'platter-social-flow', purpose, 32));
}

export function sealFlow(flow: PendingFlow, secret: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The flow, or null when the value was not sealed by us for this purpose, or has expired. */
export function openFlow(sealed: string | undefined, secret: string, purpose: string, now: number): PendingFlow | null {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    const flow = JSON.parse(text.toString('utf8')) as PendingFlow;
    return typeof flow.expiresAt === 'number' && flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}
