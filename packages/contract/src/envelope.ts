/** Every API response is `[true, body]` or `[false, {err, errcode}]` (spec §7). */
export type ErrorCode =
  | 'unknown_call'
  | 'wrong_method'
  | 'bad_request'
  | 'invalid'
  | 'not_authenticated'
  | 'members_only'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  /** A verification or reset link that expired or was used already (spec §8 link-expired modal). */
  | 'link_expired'
  /** The payment provider declined the payment (its words are the message). */
  | 'payment_declined'
  /** The payment provider could not be reached or did not answer in time. */
  | 'payment_unavailable'
  | 'internal';

export interface ApiFailure {
  err: string;
  errcode: ErrorCode;
}

export type Envelope<T> = [true, T] | [false, ApiFailure];

/** Fields every client adds to a call; the server strips them before validation. */
export const TRANSPORT_FIELDS = ['client', '_', 'userid', 'userauth'] as const;
