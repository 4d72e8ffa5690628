/**
 * Assembles the server from its parts. It only composes: no listening, no
 * globals, so tests build as many apps as they like on fresh databases.
 */
import { apiMessages } from '@platter/contract';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Handlers, RequestInfo, Services } from './api/context';
import { createDispatcher, failure, registerApiRoute, statusOf } from './api/dispatch';
import { createRateLimiter } from './api/rate-limit';
import { createMailService } from './adapters/mail';
import { captchaSources } from './adapters/captcha';
import { ApiError, errors } from './api/errors';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { Caches } from './lib/caches';
import { createBus } from './realtime/bus';
import { DEFAULT_REDIS_TIMING, type RedisTiming } from './lib/redis';
import { attachGateway, type SocketCaller } from './realtime/gateway';
import type { LiveConnection } from './realtime/connection';
import { ttapiGateway } from './realtime/ttapi/gateway';
import { MeteredHub } from './observability/metered-hub';
import { meteredBus } from './observability/metered-bus';
import { Metrics } from './observability/metrics';
import { meteredInvoke, meterRequests } from './observability/http-metrics';
import { readinessChecks, type ReadinessChecks } from './observability/readiness';
import { registerHealthRoutes } from './http/health';
import { poolUse } from './db/database';
import { OpenSockets } from './realtime/open-sockets';
import { clientAddress } from './http/client-address';
import { authenticate, authenticateSocket, forgetSessions } from './features/auth/sessions';
import { updateUser } from './features/accounts/store';
import { fillStage } from './features/room';
import { liveRoomHandlers } from './features/room/handlers';
import { limitingJoins } from './features/room/join-limits';
import { replayChatAfterOutages } from './features/room/replay';
import { accountHandlers } from './features/accounts/handlers';
import { authHandlers } from './features/accounts/sign-in';
import { avatarHandlers } from './features/avatars/handlers';
import { blockHandlers } from './features/blocks/handlers';
import { pmHandlers } from './features/pm';
import { libraryHandlers, registerAudioRoute, registerUploadRoute, snagHandlers } from './features/library';
import { createStorage } from './adapters/storage';
import { startAudioAnalysis, type AudioAnalysis } from './features/library/analysis';
import { presenceHandlers } from './features/presence/handlers';
import { profileHandlers } from './features/profiles/handlers';
import { stickerHandlers } from './features/stickers/handlers';
import { syncStickerCatalogue } from './features/stickers/catalogue';
import { directoryHandlers } from './features/directory/handlers';
import { lobbyContentHandlers } from './features/lobby-content/handlers';
import { roomHandlers } from './features/rooms/handlers';
import { fillStageWith, followStage } from './features/rooms';
import { playbackHandlers, songFollowsStage } from './features/playback';
import { socialHandlers } from './features/social/handlers';
import { registerSocialRoutes } from './features/social/routes';
import { loggerOptions, type LogStream } from './http/logging';
import { registerSessionCookieRoutes } from './http/session-cookies';
import { registerDevOutbox } from './http/dev-outbox';
import { registerSecurityHeaders } from './http/security-headers';
import { registerMedia } from './http/media';
import { registerAvatarImages } from './http/avatar-images';
import { registerStickerArt } from './http/sticker-art';
import { registerWebApp } from './http/web-app';
import { createPaymentProvider } from './adapters/payments';
import { registerSandboxPay } from './adapters/payments/sandbox/sandbox-api';
import { SandboxPaymentProvider } from './adapters/payments/sandbox/sandbox-provider';
import { goldHandlers } from './features/gold/handlers';
import { registerPaymentWebhooks } from './features/gold/webhooks';
import { startRenewalJob } from './features/gold/renewal-job';

export interface App {
  http: FastifyInstance;
  services: Services;
  /** Measures stored files' loudness and peaks in a worker thread (kick it after adding songs; idle() for tests). */
  analysis: AudioAnalysis;
  /** Prometheus metrics (served by http/health.ts, or on METRICS_PORT by main.ts). */
  metrics: Metrics;
  /** What /readyz answers. */
  readiness: ReadinessChecks;
  close(): Promise<void>;
}

const handlers: Handlers = {
  ...authHandlers,
  ...accountHandlers,
  ...avatarHandlers,
  ...blockHandlers,
  ...presenceHandlers,
  ...profileHandlers,
  ...stickerHandlers,
  ...roomHandlers,
  ...liveRoomHandlers,
  ...socialHandlers,
  ...directoryHandlers,
  ...lobbyContentHandlers,
  ...goldHandlers,
  ...pmHandlers,
  ...playbackHandlers,
  ...libraryHandlers,
  ...snagHandlers,
};

// The music follows the stage: a song starts when it gets a DJ, and moves on when the DJ playing leaves.
followStage(songFollowsStage);
// A spot that opens on the stage goes to the first in its waitlist.
fillStageWith(fillStage);

/** Messages for requests that never reach a handler. */
function transportError(error: FastifyError): ApiError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(apiMessages.invalidJson, 'bad_request');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(apiMessages.notJsonType, 'bad_request');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(apiMessages.tooLarge, 'bad_request');
    default:
      return (error.statusCode ?? 500) < 500
        ? new ApiError(apiMessages.notUnderstood, 'bad_request')
        : errors.internal();
  }
}

/** How often the sockets' heartbeats go out (ms): the defaults unless a test wants them sooner. */
export interface Heartbeats {
  /** The transport's WebSocket ping, which ends lines that do not answer (30 s). */
  socketMs?: number;
  /** The ttapi gateway's `~h~N` (20 s, as turntable). */
  ttapiMs?: number;
}

/** What a test may give the app beyond its config. */
export interface AppOptions {
  heartbeats?: Heartbeats;
  /** Where the log goes (standard output unless given): a test reads what the log says. */
  logStream?: LogStream;
  /** How long to wait on Redis, and to reconnect to it: shorter in tests of outages. */
  redisTiming?: RedisTiming;
}

export async function buildApp(
  config: Config,
  now: () => number = Date.now,
  { heartbeats = {}, logStream, redisTiming = DEFAULT_REDIS_TIMING }: AppOptions = {},
): Promise<App> {
  const db = await createDatabase(config.database);
  await migrateToLatest(db);
  await syncStickerCatalogue(db, now());

  const requestLogging = ['debug', 'trace'].includes(config.logLevel);
  const http = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // One line per request only when asked for (LOG_LEVEL=debug or trace).
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    // Without those lines there is nothing for a per-request logger's request id to tie together, so
    // requests log through the app's logger instead of a child made for each (a lobby read's 2 µs).
    ...(requestLogging ? {} : { childLoggerFactory: (logger: FastifyBaseLogger) => logger }),
    bodyLimit: 256 * 1024,
    // Handlers see plain objects; a body like {"__proto__": …} is refused, not merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Behind a reverse proxy (TRUST_PROXY), request.ip is the person's address: limits per IP count people.
    trustProxy: config.trustProxy,
  });
  const redisLog = http.log.child({ component: 'redis' });
  const bus = await createBus(config.redisUrl, redisLog, redisTiming, config.redisPrefix);
  // Limits on sockets and joins, like every limit, are off when RATE_LIMIT_PER_MINUTE is 0.
  const limited = config.attemptsPerMinute > 0;
  const openSockets = new OpenSockets({
    perSession: limited ? config.socketsPerSession : 0,
    perAddress: limited ? config.socketsPerAddress : 0,
  });
  // Read at each scrape: `hub` is made below.
  const metrics = new Metrics({
    openSockets: () => openSockets.open,
    rooms: () => hub.rooms,
    listeners: () => hub.listeners,
    pool: () => poolUse(db),
  });
  meterRequests(http, metrics);
  const meteredBusOf = meteredBus(bus, metrics);
  const hub = new MeteredHub(meteredBusOf, http.log);
  const mail = await createMailService(config, db, now, http.log);
  // The sandbox is reached over HTTP like any processor: at SANDBOX_PAY_URL, or this instance's own address once it listens.
  const payments = await createPaymentProvider(config, db, now, () => ownAddress(http));
  const services: Services = {
    db,
    config,
    bus: meteredBusOf,
    hub,
    caches: new Caches(),
    mail,
    limits: await createRateLimiter(config, redisLog, redisTiming),
    payments,
    storage: await createStorage(config.library.storage, config.dataDir),
    now,
  };

  // Lines other instances stored while Redis was away reach this instance's listeners once it is back.
  replayChatAfterOutages(services, (error) => http.log.error({ err: error }, 'chat replay failed'));

  http.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = transportError(error);
    if (apiError.code === 'internal') request.log.error({ err: error }, 'request failed');
    const envelope = failure(apiError);
    return reply.status(statusOf(envelope)).send(envelope);
  });
  http.setNotFoundHandler((request, reply) => {
    const envelope = failure(
      new ApiError(apiMessages.nothingAt(request.method, request.url.split('?')[0] ?? ''), 'not_found'),
    );
    return reply.status(404).send(envelope);
  });

  registerSecurityHeaders(http, captchaSources(config.captcha), paymentOrigins(config.payments));
  // A call over a socket trusts the session its socket proved a moment ago (authenticateSocket).
  const dispatcher = createDispatcher(services, handlers, http.log, (calling, userid, userauth, request) =>
    request.connection
      ? authenticateSocket(calling, request.connection, userid, userauth)
      : authenticate(calling, userid, userauth),
  );
  registerApiRoute(http, dispatcher);
  // Files in and out: plain HTTP routes, since their bodies are bytes (features/library).
  // Each upload's file is measured (loudness, peaks) in a worker thread, and so is any file a restart left pending.
  const analysis = startAudioAnalysis({ ...services, log: http.log.child({ component: 'analysis' }) });
  analysis.kick();
  await registerUploadRoute(http, services, authenticate, () => analysis.kick());
  registerAudioRoute(http, services, authenticate);
  // Only signing in and out by cookie and the social sign-in flow use cookies (the API reads userid + userauth
  // from its parameters), so only their routes parse them: every API call would otherwise pay for it.
  await http.register(async (withCookies) => {
    await withCookies.register(fastifyCookie);
    registerSessionCookieRoutes(withCookies, config, dispatcher);
    registerSocialRoutes(withCookies, services, dispatcher);
  });
  if (config.devOutbox) registerDevOutbox(http, services);
  await registerMedia(http, config.dataDir);
  registerAvatarImages(http, config.dataDir);
  registerStickerArt(http);
  if (config.payments.provider === 'sandbox')
    await registerSandboxPay(http, {
      db,
      now,
      log: http.log,
      // Like a processor's dashboard setting: where this sandbox delivers its signed webhooks.
      webhookUrl: () => `${ownAddress(http)}/webhooks/payments`,
    });
  const webhooks = await registerPaymentWebhooks(http, services);
  // The sandbox's keys are read before the app serves: the Gold page asks for them at once.
  if (payments instanceof SandboxPaymentProvider) await payments.ready();
  const readiness = readinessChecks(services);
  registerHealthRoutes(http, readiness, metrics, config.metrics.token);
  if (config.webDist) await registerWebApp(http, config, config.webDist);
  const liveOptions = {
    hub: services.hub,
    now,
    openSockets,
    addressOf: clientAddress(config.trustProxy),
    authenticate: (userid: string, userauth: string) => authenticate(services, userid, userauth),
    invoke: limitingJoins(
      services,
      meteredInvoke(
        metrics,
        (name: string, params: Record<string, unknown>, request: RequestInfo & { connection: LiveConnection }) =>
          dispatcher.invoke(name, params, request),
      ),
    ),
    sessionsEnded: () => forgetSessions(services),
    // A page (or a bot) that says hello is a sign of its person (spec §4 Presence).
    welcomed: (caller: SocketCaller) =>
      updateUser(db, caller.userid, { presenceStatus: 'available', lastSeenAt: now() }),
  };
  // Bots written for turntable.fm with ttapi, on the same calls and events (docs/bots.md).
  const ttapi = ttapiGateway({
    ...liveOptions,
    log: http.log.child({ component: 'ttapi' }),
    heartbeatMs: heartbeats.ttapiMs,
  });
  const gateway = attachGateway(http, { ...liveOptions, log: http.log.child({ component: 'gateway' }) }, ttapi.routes, {
    heartbeatMs: heartbeats.socketMs,
  });
  const renewals = startRenewalJob(services, http.log);

  return {
    http,
    services,
    analysis,
    metrics,
    readiness,
    async close() {
      readiness.stopping();
      // Stops accepting first (new connections are refused: the balancer sends them to another
      // instance), then answers what is under way: HTTP requests, and the call each socket is
      // running before it is closed with RECONNECT (docs/realtime.md, "Shutting down").
      const httpClosed = closeHttp(http);
      await Promise.all([gateway.sendAway(CLOSE_GRACE_MS), ttapi.sendAway(CLOSE_GRACE_MS)]);
      await renewals.stop();
      await gateway.close();
      ttapi.close();
      await httpClosed;
      // Work whose caller stopped waiting goes on after its connection closed: it still needs the database.
      await webhooks.settled();
      await services.mail.close();
      await services.limits.close();
      await payments.close();
      await analysis.close();
      services.storage.close();
      await services.hub.close();
      await bus.close();
      await db.destroy();
    },
  };
}

/** How long requests under way may take to finish once the server is closing. */
const CLOSE_GRACE_MS = 3000;

/**
 * Stops listening and waits for requests under way, then closes every connection still open: a
 * client holding a kept-alive connection (a paused audio element, a pool) must not hold up shutdown
 * for Fastify's 72 s keep-alive.
 */
async function closeHttp(http: FastifyInstance): Promise<void> {
  const force = setTimeout(() => http.server.closeAllConnections(), CLOSE_GRACE_MS);
  // A connection whose request is answered after the close began is idle from then on, and Node
  // closes idle connections only once, when the close begins: it would wait for the grace to end.
  const idle = setInterval(() => http.server.closeIdleConnections(), 50);
  try {
    await http.close();
  } finally {
    clearTimeout(force);
    clearInterval(idle);
  }
}

/** Where the browser sends cards: Stripe's API, or a sandbox on another origin (SANDBOX_PAY_URL). */
function paymentOrigins(payments: Config['payments']): string[] {
  if (payments.provider === 'stripe') return [new URL(payments.apiUrl ?? 'https://api.stripe.com').origin];
  return payments.sandboxUrl ? [new URL(payments.sandboxUrl).origin] : [];
}

/** This server's own base URL once it listens (the sandbox provider calls back into it). */
function ownAddress(http: FastifyInstance): string {
  const address = http.server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening yet.');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
}
