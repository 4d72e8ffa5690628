/** Reading envelopes in tests: the failure half, with a clear message when a call unexpectedly succeeded. */
import type { ApiFailure, Envelope } from '@platter/contract';

export function failureOf(envelope: Envelope<unknown>): ApiFailure {
  if (envelope[0]) throw new Error(`expected [false, …], got [true, ${JSON.stringify(envelope[1])}]`);
  return envelope[1];
}

/** A raw response's status and JSON body, for tests that look below the typed helpers. */
export async function readResponse(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`expected a JSON response (status ${response.status}), got: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body };
}
