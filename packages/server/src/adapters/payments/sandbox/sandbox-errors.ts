/**
 * The sandbox's failures as a processor reports them: an HTTP status and
 * `{error: {type, code, message}}`. Thrown by the processor's operations and
 * turned into the response by the API's error handler.
 */
import type { SandboxErrorJson, SandboxErrorType } from './sandbox-resources';

export class SandboxError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409 | 500,
    readonly type: SandboxErrorType,
    readonly code: string,
    message: string,
    readonly extra: { param?: string; charge?: string } = {},
  ) {
    super(message);
    this.name = 'SandboxError';
  }

  toJson(): SandboxErrorJson {
    return { error: { type: this.type, code: this.code, message: this.message, ...this.extra } };
  }
}

export const sandboxErrors = {
  noKey: () =>
    new SandboxError(
      401,
      'authentication_error',
      'missing_api_key',
      'You did not provide an API key. Send it as "Authorization: Bearer <key>".',
    ),
  badKey: () => new SandboxError(401, 'authentication_error', 'invalid_api_key', 'Invalid API key provided.'),
  publishableKey: () =>
    new SandboxError(
      401,
      'authentication_error',
      'secret_key_required',
      'This call needs the secret key (sk_sandbox_…); a publishable key may only create and read card tokens.',
    ),
  invalid: (param: string, message: string) =>
    new SandboxError(400, 'invalid_request_error', 'parameter_invalid', message, { param }),
  missing: (kind: string, id: string, param?: string) =>
    new SandboxError(param ? 400 : 404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'`, {
      ...(param ? { param } : {}),
    }),
  tokenUsed: () =>
    new SandboxError(
      400,
      'invalid_request_error',
      'token_already_used',
      'You cannot use a card token more than once. Please enter your card again.',
      { param: 'source' },
    ),
  tokenExpired: () =>
    new SandboxError(
      400,
      'invalid_request_error',
      'token_expired',
      'This card token has expired. Please enter your card again.',
      { param: 'source' },
    ),
  state: (message: string) => new SandboxError(400, 'invalid_request_error', 'invalid_state', message),
  idempotencyMismatch: () =>
    new SandboxError(
      409,
      'idempotency_error',
      'idempotency_key_reused',
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    ),
  idempotencyBusy: () =>
    new SandboxError(
      409,
      'idempotency_error',
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed. Try again in a moment.',
    ),
  notFound: (method: string, path: string) =>
    new SandboxError(404, 'invalid_request_error', 'not_found', `Unrecognized request URL (${method}: ${path}).`),
  internal: () =>
    new SandboxError(500, 'api_error', 'internal', 'An error occurred inside the sandbox. Please try again.'),
};
