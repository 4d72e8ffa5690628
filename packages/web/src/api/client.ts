/**
 * The typed API client: `call('user.info', {})` sends the contract's method,
 * adds client=web and a cache-buster, presents the session in the Authorization
 * header (never the URL, which access logs keep), and returns the contract's
 * response type or throws an ApiCallError.
 *
 * It checks nothing against the contract's schemas: the server validates every input and
 * shapes every output (api/dispatch.ts), so the page ships the types, not zod and the
 * whole call table (docs/web-weight.md). Forms that want instant feedback check their own
 * few fields with the schemas they import.
 */
import {
  apiMessages,
  callMethod,
  credentialsHeader,
  type CallInput,
  type CallName,
  type CallOutput,
  type ApiFailure,
  type Envelope,
  type ErrorCode,
} from '@platter/contract';
import { getCredentials } from './credentials';

/** Spec §8: a `[false, …]` answer, a failed request, or an answer that is not an envelope. */
export type ApiErrorKind = 'api' | 'request' | 'validation';

export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/** What a `[false, …]` answer without words of its own says. */
export const NO_MESSAGE = apiMessages.failed;

export const NOT_UNDERSTOOD = 'Sorry, the server sent an answer we did not understand';

const REQUEST_FAILED = "Sorry, we couldn't reach the server. Please check your connection and try again";

export async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const fields: Record<string, unknown> = { ...(input as object), client: 'web', _: Date.now() };
  const credentials = getCredentials();
  const headers: Record<string, string> = credentials ? { authorization: credentialsHeader(credentials) } : {};
  const envelope =
    callMethod(name) === 'GET'
      ? await request(`/api/${name}?${toQuery(fields)}`, { method: 'GET', headers })
      : await request(`/api/${name}`, jsonPost(fields, headers));
  return unwrap(envelope) as CallOutput<N>;
}

/** POSTs to one of the session-cookie routes (/email_login/, /guest_login/, /logout/). */
export async function postSessionRoute<T>(path: string, body: Record<string, unknown>): Promise<T> {
  return unwrap(await request(path, jsonPost(body))) as T;
}

/** The text an alert shows for a failure: the server's words followed by a full stop (spec §8). */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

function jsonPost(fields: Record<string, unknown>, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(fields) };
}

function toQuery(fields: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  return query.toString();
}

async function request(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiCallError(REQUEST_FAILED, 'request');
  }
  try {
    return await response.json();
  } catch {
    throw new ApiCallError(REQUEST_FAILED, 'request');
  }
}

function unwrap(envelope: unknown): unknown {
  if (!Array.isArray(envelope) || typeof envelope[0] !== 'boolean') {
    throw new ApiCallError(NOT_UNDERSTOOD, 'validation');
  }
  const [ok, body] = envelope as Envelope<unknown>;
  if (ok) return body;
  // A failure may come without words (or without a body at all): it still says something.
  const failure = body as Partial<ApiFailure> | null;
  const message = typeof failure?.err === 'string' && failure.err.trim() ? failure.err : NO_MESSAGE;
  throw new ApiCallError(message, 'api', failure?.errcode);
}
