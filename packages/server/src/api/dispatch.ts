/**
 * The one place that turns `/api/{name}` into a handler call: it parses the
 * query or JSON body, drops the transport fields, authenticates userid +
 * userauth (from the Authorization header or parameters, never cookies), validates against the contract
 * and wraps every outcome in the spec's envelope. Handlers never touch HTTP.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiMessages,
  calls,
  isCallName,
  SOCKET_PATH,
  type Access,
  type ApiFailure,
  type CallName,
  type Envelope,
} from '@platter/contract';
import { callContext, type Caller, type Handlers, type RequestInfo, type Services } from './context';
import { ApiError, errors } from './errors';
import { CheckedInputs } from './checked-inputs';
import { describeIssue } from './describe-issue';
import { gzipNegotiation, PreparedBody } from './prepared-body';
import { andThen, type MaybePromise } from '../lib/maybe-promise';
import { RedisUnavailable } from '../lib/redis';
import { credentialsFromHeader, type HeaderCredentials } from '../http/credentials-header';

export interface Dispatcher {
  /** Runs one call as the API would; used by the HTTP route and the cookie routes. */
  invoke(name: string, params: Record<string, unknown>, request: RequestInfo): Promise<Envelope<unknown>>;
  /**
   * Like invoke, but a prepared body stays serialised: the HTTP route sends it as it is.
   * `credentials` (from the Authorization header) take the place of userid + userauth parameters.
   */
  invokeForWire(
    name: string,
    params: Record<string, unknown>,
    request: RequestInfo,
    credentials?: HeaderCredentials,
  ): MaybePromise<Envelope<unknown> | [true, PreparedBody]>;
}

const STATUS: Record<ApiFailure['errcode'], number> = {
  unknown_call: 404,
  wrong_method: 405,
  bad_request: 400,
  invalid: 400,
  not_authenticated: 401,
  members_only: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  link_expired: 410,
  payment_declined: 402,
  payment_unavailable: 503,
  unavailable: 503,
  internal: 500,
};

export function statusOf(envelope: Envelope<unknown>): number {
  return envelope[0] ? 200 : STATUS[envelope[1].errcode];
}

export function failure(error: ApiError): Envelope<never> {
  return [false, { err: error.message, errcode: error.code }];
}

/** Checks userid + userauth: the caller, or null. app.ts passes features/auth's; the API layer imports no feature. */
export type Authenticate = (services: Services, userid: string, userauth: string) => MaybePromise<Caller | null>;
/** The same for a call, which may name the socket it came over (app.ts trusts a socket's proven session). */
export type AuthenticateCall = (
  services: Services,
  userid: string,
  userauth: string,
  request: RequestInfo,
) => MaybePromise<Caller | null>;

export function createDispatcher(
  services: Services,
  handlers: Handlers,
  log: FastifyInstance['log'],
  authenticate: AuthenticateCall,
): Dispatcher {
  const checkedInputs = new CheckedInputs();

  /** Runs a call: at once when every step is answered from memory (a cached session, a cached page). */
  function run(
    name: CallName,
    params: Record<string, unknown>,
    request: RequestInfo,
    credentials: HeaderCredentials | undefined,
  ): MaybePromise<unknown> {
    const call = calls[name];
    const access = call.access as Access;
    const { userid, userauth } = credentials ?? params;
    const fields = callFields(params);
    const signedIn = typeof userid === 'string' && typeof userauth === 'string' && userid && userauth;
    return andThen(signedIn ? authenticate(services, userid, userauth, request) : null, (caller) => {
      if (access !== 'anyone' && !caller) throw errors.notAuthenticated();
      if (access === 'member' && !caller?.registered) throw errors.membersOnly();
      if (call.transport === 'socket' && !request.connection) {
        throw new ApiError(apiMessages.socketOnly(name, SOCKET_PATH), 'wrong_method');
      }

      if (holdsNul(fields)) {
        throw new ApiError(apiMessages.nulCharacter, 'bad_request');
      }
      const parsed = call.reuseCheckedInput
        ? checkedInputs.check(name, call.input, fields)
        : call.input.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw errors.invalid(issue ? describeIssue(issue, fields) : 'The request is not valid.');
      }
      const handler = handlers[name] as (input: unknown, context: unknown) => MaybePromise<unknown>;
      return andThen(handler(parsed.data, callContext(services, caller, request)), (result) =>
        // A prepared body was checked against this schema when its pieces were made.
        // Otherwise parsing the output strips anything a handler should not have let out.
        result instanceof PreparedBody ? result : call.output.parse(result),
      );
    });
  }

  const succeeded = (result: unknown): [true, unknown] => [true, result];
  const failed = (name: string, error: unknown): Envelope<never> => {
    if (error instanceof ApiError) return failure(error);
    if (error instanceof RedisUnavailable) {
      log.warn({ call: name, err: { message: error.message } }, 'API call refused while Redis is away');
      return failure(errors.unavailable());
    }
    log.error({ err: error, call: name }, 'API call failed');
    return failure(errors.internal());
  };

  function invokeForWire(
    name: string,
    params: Record<string, unknown>,
    request: RequestInfo,
    credentials?: HeaderCredentials,
  ): MaybePromise<Envelope<unknown> | [true, PreparedBody]> {
    if (!isCallName(name)) return failure(new ApiError(apiMessages.unknownCall(name), 'unknown_call'));
    try {
      const result = run(name, params, request, credentials);
      return result instanceof Promise ? result.then(succeeded, (error) => failed(name, error)) : succeeded(result);
    } catch (error) {
      return failed(name, error);
    }
  }

  return {
    invokeForWire,
    async invoke(name, params, request) {
      const envelope = await invokeForWire(name, params, request);
      return envelope[0] && envelope[1] instanceof PreparedBody
        ? (JSON.parse(envelope[1].envelope) as Envelope<unknown>)
        : envelope;
    },
  };
}

/** Parameters that carry the call itself, not its input. */
const TRANSPORT_FIELDS = new Set(['userid', 'userauth', 'client', '_']);

/**
 * The call's own input: the parameters less userid, userauth, the client name and the cache-buster.
 * A loop rather than object rest with exclusions, which V8 runs through the runtime (about 1 µs).
 */
function callFields(params: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key in params) {
    if (!Object.hasOwn(params, key) || TRANSPORT_FIELDS.has(key)) continue;
    // A field named __proto__ stays a field, as object rest kept it, instead of setting the prototype.
    if (key === '__proto__')
      Object.defineProperty(fields, key, { value: params[key], enumerable: true, writable: true });
    else fields[key] = params[key];
  }
  return fields;
}

/**
 * PostgreSQL text cannot store U+0000 (the query fails), and no field has a use
 * for it, so it is refused alike on both databases. A loop, not recursion:
 * unknown fields may nest deeply.
 */
function holdsNul(params: Record<string, unknown>): boolean {
  const pending: unknown[] = [params];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Registers `/api/:name` for GET and POST, enforcing each call's method. */
export function registerApiRoute(app: FastifyInstance, dispatcher: Dispatcher): void {
  const acceptsGzip = gzipNegotiation();
  /** Sets the status and headers, and gives Fastify the body to send. */
  const payload = (reply: FastifyReply, envelope: Envelope<unknown> | [true, PreparedBody]) => {
    reply.status(statusOf(envelope)).header('cache-control', 'no-store');
    if (envelope[0] && envelope[1] instanceof PreparedBody) {
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const gzipped = acceptsGzip(reply.request.headers['accept-encoding']) ? envelope[1].gzippedWhenReused() : null;
      if (!gzipped) return envelope[1].envelope;
      reply.header('content-encoding', 'gzip');
      return gzipped;
    }
    return envelope;
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/:name',
    // Not an async function: a call answered from memory is sent in the same turn (lib/maybe-promise.ts).
    handler: (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
      const name = request.params.name;
      const expected = isCallName(name) ? calls[name].method : request.method;
      if (expected !== request.method) {
        return payload(reply, failure(new ApiError(apiMessages.wrongMethod(name, expected), 'wrong_method')));
      }
      const params = request.method === 'GET' ? request.query : (request.body ?? {});
      if (typeof params !== 'object' || params === null || Array.isArray(params)) {
        return payload(reply, failure(new ApiError(apiMessages.bodyNotObject, 'bad_request')));
      }
      const credentials = credentialsFromHeader(request.headers.authorization);
      if (credentials === 'malformed') {
        return payload(reply, failure(new ApiError(apiMessages.badAuthorization, 'bad_request')));
      }
      const envelope = dispatcher.invokeForWire(
        name,
        params as Record<string, unknown>,
        { ip: request.ip },
        credentials,
      );
      return andThen(envelope, (settled) => payload(reply, settled));
    },
  });

  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: '/api/:name',
    handler: (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
      const name = request.params.name;
      if (!isCallName(name))
        return payload(reply, failure(new ApiError(apiMessages.unknownCall(name), 'unknown_call')));
      return payload(reply, failure(new ApiError(apiMessages.wrongMethod(name, calls[name].method), 'wrong_method')));
    },
  });
}
