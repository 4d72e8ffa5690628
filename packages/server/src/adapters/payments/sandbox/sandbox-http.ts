/**
 * One HTTP exchange on a connection of its own (node:http without an agent),
 * for the sandbox's two clients: Platter calling the sandbox, and the sandbox
 * delivering webhooks to Platter. Both usually talk to this very server, and
 * the process's shared fetch pool, once a request is cut off (a time-out, a
 * shutdown), opens spare sockets to it that never send a request and keep
 * the server from closing for a minute. A lone connection just closes.
 */
import http from 'node:http';
import https from 'node:https';

export class HttpTimeout extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = 'HttpTimeout';
  }
}

export interface HttpExchange {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  /** Cuts the exchange short (shutting down). */
  signal?: AbortSignal;
}

export function exchange(url: string, options: HttpExchange): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: options.method,
      headers: options.headers,
      agent: false,
      signal: options.signal,
    });
    const timer = setTimeout(() => request.destroy(new HttpTimeout(options.timeoutMs)), options.timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.end(options.body ?? undefined);
  });
}
