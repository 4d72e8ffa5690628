import { apiMessages, type ErrorCode } from '@platter/contract';

/** The one error a handler throws; the dispatcher turns it into `[false, {err, errcode}]`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode = 'bad_request',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Messages the whole API shares, so that every caller sees the same words. */
export const errors = {
  invalid: (message: string) => new ApiError(message, 'invalid'),
  notFound: (message: string) => new ApiError(message, 'not_found'),
  conflict: (message: string) => new ApiError(message, 'conflict'),
  forbidden: (message: string = apiMessages.forbidden) => new ApiError(message, 'forbidden'),
  notAuthenticated: () => new ApiError(apiMessages.sessionEnded, 'not_authenticated'),
  membersOnly: () => new ApiError(apiMessages.membersOnly, 'members_only'),
  internal: () => new ApiError(apiMessages.internal, 'internal'),
  /** Redis was away: nothing was done, and the caller may simply try again. */
  unavailable: () => new ApiError(apiMessages.unavailable, 'unavailable'),
};

/** True when a database write failed on a unique index (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
