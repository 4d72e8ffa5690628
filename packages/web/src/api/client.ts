/**
 * The typed API client: `call('user.info', {})` sends the contract's method,
 * adds client=web, a cache-buster and the session's userid + userauth, and
 * returns the contract's response type or throws an ApiCallError.
 */
import {
  apiMessages,
  calls,
  type CallInput,
  type CallName,
  type CallOutput,
  type ApiFailure,
  type Envelope,
  type ErrorCode,
} from '@platter/contract';
import { getCredentials } from './credentials';

/** Spec §8: a `[false, …]` answer, a failed request, or a value that fails its schema. */
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

const REQUEST_FAILED = "Sorry, we couldn't reach the server. Please check your connection and try again";

export async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const definition = calls[name];
  const checked = definition.input.safeParse(input);
  if (!checked.success) {
    throw new ApiCallError(checked.error.issues[0]?.message ?? apiMessages.checkEntry, 'validation');
  }
  const fields: Record<string, unknown> = { ...(input as object), client: 'web', _: Date.now(), ...getCredentials() };
  const envelope =
    definition.method === 'GET'
      ? await request(`/api/${name}?${toQuery(fields)}`, { method: 'GET' })
      : await request(`/api/${name}`, jsonPost(fields));
  const body = unwrap(envelope);
  const parsed = definition.output.safeParse(body);
  if (!parsed.success) throw new ApiCallError('Sorry, the server sent an answer we did not understand', 'validation');
  return parsed.data as CallOutput<N>;
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

function jsonPost(fields: Record<string, unknown>): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) };
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
    throw new ApiCallError('Sorry, the server sent an answer we did not understand', 'validation');
  }
  const [ok, body] = envelope as Envelope<unknown>;
  if (ok) return body;
  // A failure may come without words (or without a body at all): it still says something.
  const failure = body as Partial<ApiFailure> | null;
  const message = typeof failure?.err === 'string' && failure.err.trim() ? failure.err : NO_MESSAGE;
  throw new ApiCallError(message, 'api', failure?.errcode);
}
