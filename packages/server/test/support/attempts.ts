/**
 * Attempts from made-up addresses, for the tests of limits: the app believes
 * X-Forwarded-For only with TRUST_PROXY, as behind a reverse proxy.
 */
import { randomInt } from 'node:crypto';
import type { CallName, Envelope } from '@platter/contract';
import type { TestApp } from './test-app';
import { aMember as aMemberFromLoopback, type Member } from './factories';
import { readResponse } from './envelopes';

export const REDIS_URL = 'redis://127.0.0.1:6379';

let counter = 0;
export const unique = () => `${process.pid}-${counter++}`;
/** A made-up client address, as a reverse proxy would pass it on. */
export const anIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** POSTs a call as if from `ip` (X-Forwarded-For, which the app believes only with TRUST_PROXY). */
export async function callFrom(t: TestApp, ip: string, name: CallName, params: Record<string, unknown>) {
  const response = await t.fetch(`/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(params),
  });
  const { status, body } = await readResponse(response);
  return { status, envelope: body as Envelope<unknown> };
}

/**
 * A new member signed up from an address of its own: sign-ups from 127.0.0.1
 * would use up its own limit. Without TRUST_PROXY every call is from 127.0.0.1.
 */
export async function aMember(t: TestApp): Promise<Member> {
  if (!t.app.services.config.trustProxy) return aMemberFromLoopback(t);
  const details = { name: `Limit ${unique()}`, email: `limit-${unique()}@example.com`, password: 'correct horse' };
  const { envelope } = await callFrom(t, anIp(), 'user.email_register', details);
  if (!envelope[0]) throw new Error(`sign-up failed: ${envelope[1].err}`);
  return { ...details, ...(envelope[1] as { userid: string; userauth: string }) };
}

export const wrongLogin = (member: Member) => ({ email: member.email, password: 'wrong horse' });
export const rightLogin = (member: Member) => ({ email: member.email, password: member.password });
