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
  /** A part the server needs (Redis) is away for a moment: nothing was done, and the same call may be made again. */
  | 'unavailable'
  | 'internal';

export interface ApiFailure {
  err: string;
  errcode: ErrorCode;
}

export type Envelope<T> = [true, T] | [false, ApiFailure];

/** Fields every client adds to a call; the server strips them before validation. */
export const TRANSPORT_FIELDS = ['client', '_', 'userid', 'userauth'] as const;

/** The API's own words when a call fails before or around its handler, the same for every caller. */
export const apiMessages = {
  sessionEnded: 'Your session has ended. Please reload the page and log in again.',
  membersOnly: 'Please sign up or log in to do that.',
  forbidden: "Sorry, you're not allowed to do that.",
  staffOnly: 'Sorry, only staff can do that.',
  internal: 'Sorry, something went wrong on our side. Please try again.',
  /** A call that could not be done while a part of the server was away (errcode `unavailable`); nothing was stored. */
  unavailable: "Sorry, we couldn't do that just now. Please try again in a moment.",
  userNotFound: "Sorry, we couldn't find that user.",
  djNotFound: "Sorry, we couldn't find a DJ by that name.",
  /** Requests the transport refuses (a client's mistake, read by whoever writes the client). */
  unknownCall: (name: string) => `There is no API call named '${name}'.`,
  wrongMethod: (name: string, method: string) => `${name} must be called with ${method}.`,
  socketOnly: (name: string, path: string) => `${name} is made over the websocket at ${path}.`,
  overSocket: 'This call is made over the websocket.',
  nulCharacter: 'The request holds a NUL character, which no field may contain.',
  bodyNotObject: 'The request body must be a JSON object.',
  badAuthorization: 'The Authorization header must be "Platter <userid>:<userauth>".',
  invalidJson: 'The request body is not valid JSON.',
  notJsonType: 'Send the request body as JSON (Content-Type: application/json).',
  tooLarge: 'The request is too large.',
  notUnderstood: 'The request could not be understood.',
  nothingAt: (method: string, path: string) => `Nothing is at ${method} ${path}.`,
  /** The page's words when a call fails without the server's. */
  failed: 'Sorry, something went wrong',
  checkEntry: 'Please check what you entered',
  lineDown: "We've lost the connection to the server. Reconnecting…",
  /** Spec §8: a login failure without a message of its own still says what happened. */
  loginFailed: "Sorry, we couldn't log you in. Please try again.",
} as const;
