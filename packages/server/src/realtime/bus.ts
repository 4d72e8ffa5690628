/**
 * Messages between server instances. In-process by default; over Redis
 * pub/sub when REDIS_URL is set, so that instances behind a load balancer
 * see each other's room events (ioredis is loaded only then). Redis may go
 * away and come back: the bus keeps serving this instance's own listeners
 * meanwhile, keeps what it could not send, and subscribes again to every
 * channel once Redis is back (docs/realtime.md, "When Redis is down").
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  DEFAULT_REDIS_TIMING,
  openRedis,
  startWaitMs,
  type RedisLink,
  type RedisLog,
  type RedisTiming,
} from '../lib/redis';

export type Listener = (message: unknown) => void;

export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once subscribed; the returned function unsubscribes this listener. */
  subscribe(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** False while messages may not be reaching other instances, or theirs this one (/readyz). */
  readonly healthy: boolean;
  /**
   * Runs `listener` each time the bus is whole again after an outage, with the time it was first
   * seen broken: what other instances published meanwhile may never have arrived here.
   */
  onRecovered(listener: (downSince: number) => void): void;
}

/** `prefix` (REDIS_PREFIX) comes before every Redis channel's name. */
export async function createBus(
  redisUrl: string | undefined,
  log: RedisLog,
  timing: RedisTiming = DEFAULT_REDIS_TIMING,
  prefix = 'platter:',
): Promise<Bus> {
  return redisUrl ? RedisBus.connect(redisUrl, log, timing, prefix) : new InProcessBus();
}

export class InProcessBus implements Bus {
  private readonly events = new EventEmitter().setMaxListeners(0);

  /**
   * Hands the message itself to the channel's listeners: no copy through JSON (a cold chat line's
   * most costly step after the database). The hub, the bus's one subscriber, checks each message
   * against its channel's schema, and the check builds a new object: a listener never holds the
   * publisher's. Messages are JSON-shaped by their schemas, so Redis would deliver the same.
   */
  async publish(channel: string, message: unknown): Promise<void> {
    this.events.emit(channel, message);
  }

  async subscribe(channel: string, listener: Listener): Promise<() => Promise<void>> {
    this.events.on(channel, listener);
    return async () => {
      this.events.off(channel, listener);
    };
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }

  readonly healthy = true;

  onRecovered(): void {
    // One process is never cut off from itself.
  }
}

/** Messages kept while Redis is away, at most; past it the oldest go (rooms re-read theirs: room/replay.ts). */
const BACKLOG_LIMIT = 10_000;

export class RedisBus implements Bus {
  private readonly local = new InProcessBus();
  /** The channels this instance listens to, and how many local subscribers each has. */
  private readonly counts = new Map<string, number>();
  /**
   * Who published a message, on the wire before its JSON (`@id {…}`): this instance hands its own
   * messages to its listeners as it publishes them, and skips them when Redis brings them back.
   */
  private readonly id = randomBytes(6).toString('base64url');
  /** What could not be sent while Redis was away, in order: [channel, text]. */
  private backlog: [string, string][] = [];
  private dropped = 0;
  private flushing = false;
  /** Every channel is subscribed on the subscriber's current link. */
  private subscribed = false;
  /**
   * When the bus was first seen broken, null while it is whole. A new bus is not whole until its
   * links are up and its channels subscribed.
   */
  private downSince: number | null = Date.now();
  private readonly recovered = new EventEmitter();

  static async connect(
    url: string,
    log: RedisLog,
    timing: RedisTiming = DEFAULT_REDIS_TIMING,
    prefix = 'platter:',
  ): Promise<RedisBus> {
    // The subscriber skips ioredis's ready check: that check (an INFO) waits for the connection's
    // first round trips, and a SUBSCRIBE sent meanwhile (ioredis lets it through early) turns the
    // connection to subscriber mode, where the INFO fails and the subscription is lost. A
    // pub/sub connection has nothing to wait for: Redis takes SUBSCRIBE while it loads.
    // ioredis's own resubscription is off: the bus subscribes its channels again itself, and
    // knows when that is done (a failed one was kept as done, and the instance went deaf).
    const subscriber = await openRedis(url, 'subscriber', log, timing, {
      enableReadyCheck: false,
      autoResubscribe: false,
    });
    const publisher = await openRedis(url, 'publisher', log, timing);
    const bus = new RedisBus(publisher, subscriber, log, prefix);
    // An instance started while Redis is away serves its own listeners and says so (healthy is false).
    const wait = startWaitMs(timing);
    const up = await Promise.all([subscriber.waitUp(wait), publisher.waitUp(wait)]);
    if (!up.every(Boolean)) log.warn({}, 'Redis is not reachable yet: starting without it');
    return bus;
  }

  private constructor(
    private readonly publisher: RedisLink,
    private readonly subscriber: RedisLink,
    private readonly log: RedisLog,
    private readonly prefix: string,
  ) {
    this.subscriber.redis.on('message', (channel: string, text: string) => this.receive(channel, text));
    this.subscriber.redis.on('ready', () => void this.subscribeAll());
    this.subscriber.redis.on('close', () => this.broken());
    this.publisher.redis.on('ready', () => void this.flush());
    this.publisher.redis.on('close', () => this.broken());
    // A link may have come up before these listeners were added.
    if (this.subscriber.up) void this.subscribeAll();
    if (this.publisher.up) void this.flush();
  }

  get healthy(): boolean {
    return this.downSince === null && this.publisher.up && this.subscriber.up && this.backlog.length === 0;
  }

  onRecovered(listener: (downSince: number) => void): void {
    this.recovered.on('recovered', listener);
  }

  /** Hands the message to this instance's listeners at once, then to Redis (or keeps it until Redis is back). */
  async publish(channel: string, message: unknown): Promise<void> {
    void this.local.publish(channel, message);
    const text = `@${this.id} ${JSON.stringify(message)}`;
    if (this.backlog.length > 0 || !this.publisher.up) return this.keep(channel, text);
    try {
      await this.publisher.run((redis) => redis.publish(this.prefix + channel, text));
    } catch {
      this.broken();
      this.keep(channel, text);
    }
  }

  /**
   * Resolves once the channel's messages reach `listener`: those of this instance at once, other
   * instances' once Redis has the subscription, or, while Redis is away, once it is back (so a
   * page is served by its own instance meanwhile rather than refused).
   */
  async subscribe(channel: string, listener: Listener): Promise<() => Promise<void>> {
    const unsubscribeLocal = await this.local.subscribe(channel, listener);
    const count = this.counts.get(channel) ?? 0;
    this.counts.set(channel, count + 1);
    if (count === 0 && this.subscriber.up) {
      // A failure redials the link (or it was lost): every channel is subscribed again once it is back.
      await this.subscriber.run((redis) => redis.subscribe(this.prefix + channel)).catch(() => this.broken());
    }
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await unsubscribeLocal();
      const left = (this.counts.get(channel) ?? 1) - 1;
      if (left > 0) return void this.counts.set(channel, left);
      this.counts.delete(channel);
      if (this.subscriber.up)
        await this.subscriber.run((redis) => redis.unsubscribe(this.prefix + channel)).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.recovered.removeAllListeners();
    await this.local.close();
    this.subscriber.close();
    this.publisher.close();
  }

  private receive(channel: string, text: string): void {
    let json = text;
    if (text.startsWith('@')) {
      const space = text.indexOf(' ');
      if (text.slice(1, space) === this.id) return; // heard already, as it was published
      json = text.slice(space + 1);
    }
    let message: unknown;
    try {
      message = JSON.parse(json);
    } catch {
      return; // not ours
    }
    void this.local.publish(channel.slice(this.prefix.length), message);
  }

  private broken(): void {
    this.downSince ??= Date.now();
    if (this.subscriber.redis.status !== 'ready') this.subscribed = false;
  }

  /** Subscribes every channel again on a new link; once that and the backlog are done, the bus is whole. */
  private async subscribeAll(): Promise<void> {
    this.subscribed = false;
    const channels = [...this.counts.keys()].map((channel) => this.prefix + channel);
    try {
      if (channels.length > 0) await this.subscriber.run((redis) => redis.subscribe(...channels));
    } catch {
      this.broken();
      return; // the link is redialled, or lost: this runs again when it is back
    }
    this.subscribed = true;
    this.settle();
  }

  private keep(channel: string, text: string): void {
    this.backlog.push([channel, text]);
    if (this.backlog.length > BACKLOG_LIMIT) {
      this.backlog.shift();
      if (this.dropped++ === 0)
        this.log.warn({ kept: BACKLOG_LIMIT }, 'Redis is away: the oldest bus messages are dropped');
    }
  }

  /** Sends what was kept while Redis was away, in order; stops at the first failure (it stays kept). */
  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.backlog.length > 0 && this.publisher.up) {
        const [channel, text] = this.backlog[0]!;
        await this.publisher.run((redis) => redis.publish(this.prefix + channel, text));
        this.backlog.shift();
      }
    } catch {
      this.broken();
    } finally {
      this.flushing = false;
    }
    this.settle();
  }

  /** Whole again: both links up, every channel subscribed, nothing kept. */
  private settle(): void {
    if (this.downSince === null || !this.subscribed || !this.publisher.up || !this.subscriber.up) return;
    if (this.backlog.length > 0) return void this.flush();
    const since = this.downSince;
    this.downSince = null;
    if (this.dropped > 0) this.log.warn({ dropped: this.dropped }, 'bus messages were dropped while Redis was away');
    this.dropped = 0;
    this.log.info({ downMs: Date.now() - since }, 'the bus is whole');
    this.recovered.emit('recovered', since);
  }
}
