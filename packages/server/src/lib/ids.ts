import { hash, randomBytes } from 'node:crypto';

/** A new id: 24 hex characters, the shape turntable-era clients expect. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** A bearer secret: 32 random bytes, URL-safe. Only its hash is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A secret's fingerprint for storage and look-up. SHA-256 suffices because the
 * secrets are 256 random bits: there is nothing to guess, unlike a password.
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
