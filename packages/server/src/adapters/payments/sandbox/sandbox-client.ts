/**
 * Platter's side of the wire to the sandbox: real HTTP with the secret key,
 * cut off after the configured time-out. What cannot reach an answer becomes
 * a PaymentError the member can be told about ("you haven't been charged");
 * an answer, even a refusal, is handed back to be read.
 */
import { orderMessages } from '@platter/contract';
import { PaymentError } from '../provider';
import { HttpTimeout, exchange } from './sandbox-http';
import type { SandboxErrorJson } from './sandbox-resources';

export type SandboxAnswer<T> = { ok: true; body: T } | { ok: false; status: number; error: SandboxErrorJson['error'] };

export interface SandboxClientOptions {
  /** The sandbox's base URL, ending in /sandbox-pay. */
  baseUrl: () => string;
  secretKey: () => Promise<string>;
  timeoutMs: number;
}

export class SandboxClient {
  constructor(private readonly options: SandboxClientOptions) {}

  async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    idempotencyKey?: string,
  ): Promise<SandboxAnswer<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${await this.options.secretKey()}` };
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let answer: { status: number; text: string };
    try {
      answer = await exchange(`${this.options.baseUrl()}${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : null,
        timeoutMs: this.options.timeoutMs,
      });
    } catch (error) {
      if (error instanceof HttpTimeout) throw new PaymentError('timeout', orderMessages.providerTimeout);
      throw new PaymentError('unavailable', orderMessages.providerDown);
    }
    const parsed = parseJson(answer.text);
    if (answer.status < 300 && parsed !== undefined) return { ok: true, body: parsed as T };
    const error = (parsed as Partial<SandboxErrorJson> | undefined)?.error;
    // A 5xx, a refused key or an answer that is not the sandbox's: the provider is not usable right now.
    if (answer.status >= 500 || answer.status === 401 || !error?.message)
      throw new PaymentError('unavailable', orderMessages.providerDown);
    return { ok: false, status: answer.status, error };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
