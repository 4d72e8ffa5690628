/**
 * Messages between server instances. In-process by default; over Redis
 * pub/sub when REDIS_URL is set, so that instances behind a load balancer
 * see each other's room events (ioredis is loaded only then).
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type Listener = (message: unknown) => void;

export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once subscribed; the returned function unsubscribes this listener. */
  subscribe(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** `prefix` (REDIS_PREFIX) comes before every Redis channel's name. */
export async function createBus(redisUrl: string | undefined, prefix = 'platter:'): Promise<Bus> {
  return redisUrl ? RedisBus.connect(redisUrl, prefix) : new InProcessBus();
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
}

export class RedisBus implements Bus {
  private readonly local = new InProcessBus();
  private readonly counts = new Map<string, number>();

  static async connect(url: string, prefix = 'platter:'): Promise<RedisBus> {
    const { Redis } = await import('ioredis');
    const options = { lazyConnect: false, maxRetriesPerRequest: 3 };
    // The subscriber skips ioredis's ready check: that check (an INFO) waits for the connection's
    // first round trips, and a SUBSCRIBE sent meanwhile (ioredis lets it through early) turns the
    // connection to subscriber mode, where the INFO fails and the subscription is lost. A
    // pub/sub connection has nothing to wait for: Redis takes SUBSCRIBE while it loads.
    const subscriber = new Redis(url, { ...options, enableReadyCheck: false });
    return new RedisBus(new Redis(url, options), subscriber, prefix);
  }

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
  ) {
    this.subscriber.on('message', (channel: string, text: string) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return; // not ours
      }
      void this.local.publish(channel.slice(this.prefix.length), message);
    });
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(message));
  }

  async subscribe(channel: string, listener: Listener): Promise<() => Promise<void>> {
    const count = this.counts.get(channel) ?? 0;
    this.counts.set(channel, count + 1);
    if (count === 0) await this.subscriber.subscribe(this.prefix + channel);
    const unsubscribeLocal = await this.local.subscribe(channel, listener);
    return async () => {
      await unsubscribeLocal();
      const left = (this.counts.get(channel) ?? 1) - 1;
      this.counts.set(channel, left);
      if (left === 0) {
        this.counts.delete(channel);
        await this.subscriber.unsubscribe(this.prefix + channel);
      }
    };
  }

  async close(): Promise<void> {
    await this.local.close();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
