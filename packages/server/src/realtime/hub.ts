/**
 * The hub: channel → this instance's listeners, over the bus. However many
 * connections follow a channel here, the hub holds one bus subscription for
 * it and checks each message once against the channel's schema before
 * handing it to every listener, in the order the bus delivered them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus';
import type { Channel } from './channels';

type Listener = (message: never) => void;

/**
 * A channel's listeners, and the same as a list made on the first message after one came or went:
 * a message goes to those listening when it arrived, without copying a room of 5,000 for every
 * chat line before the first listener hears it.
 */
class Listeners {
  private readonly set = new Set<Listener>();
  private list: readonly Listener[] | null = null;

  add(listener: Listener): void {
    this.set.add(listener);
    this.list = null;
  }

  delete(listener: Listener): void {
    if (this.set.delete(listener)) this.list = null;
  }

  get size(): number {
    return this.set.size;
  }

  get now(): readonly Listener[] {
    return (this.list ??= [...this.set]);
  }
}

interface Subscription {
  listeners: Listeners;
  /** The bus subscription: resolves once the bus delivers this channel here. */
  ready: Promise<() => Promise<void>>;
}

export class Hub {
  private readonly channels = new Map<string, Subscription>();

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  publish<T>(channel: Channel<T>, message: T): Promise<void> {
    return this.bus.publish(channel.name, message);
  }

  /**
   * Calls `listener` with each checked message on the channel. Resolves once the bus
   * delivers the channel (so nothing published after that is missed); the function it
   * resolves to stops listening.
   */
  async listen<T>(channel: Channel<T>, listener: (message: T) => void): Promise<() => void> {
    let subscription = this.channels.get(channel.name);
    if (!subscription) {
      const listeners = new Listeners();
      const ready = this.bus.subscribe(channel.name, (raw) => this.deliver(channel, listeners, raw));
      subscription = { listeners, ready };
      this.channels.set(channel.name, subscription);
    }
    const current = subscription;
    current.listeners.add(listener as Listener);
    try {
      await current.ready;
    } catch (error) {
      // Never kept: the next listener asks the bus again, rather than inheriting this failure for good.
      current.listeners.delete(listener as Listener);
      if (this.channels.get(channel.name) === current) this.channels.delete(channel.name);
      throw error;
    }
    return () => {
      current.listeners.delete(listener as Listener);
      if (current.listeners.size > 0 || this.channels.get(channel.name) !== current) return;
      this.channels.delete(channel.name);
      current.ready
        .then((unsubscribe) => unsubscribe())
        .catch((error: unknown) => this.log.warn({ err: error }, 'unsubscribe failed'));
    };
  }

  /** False while the bus may be losing messages between instances (Redis is away): /readyz. */
  get healthy(): boolean {
    return this.bus.healthy;
  }

  /** The channels this instance listens to whose names start with `prefix`. */
  channelNames(prefix: string): string[] {
    return [...this.channels.keys()].filter((name) => name.startsWith(prefix));
  }

  /**
   * Hands a message to this instance's listeners on the channel only, as if the bus had brought
   * it: a room's lines read back from the database after an outage (features/room/replay.ts).
   */
  deliverHere<T>(channel: Channel<T>, message: T): void {
    const subscription = this.channels.get(channel.name);
    if (subscription) this.deliver(channel, subscription.listeners, message);
  }

  /** How many channels this instance listens to (for tests and metrics). */
  get size(): number {
    return this.channels.size;
  }

  private deliver<T>(channel: Channel<T>, listeners: Listeners, raw: unknown): void {
    const parsed = channel.schema.safeParse(raw);
    if (!parsed.success) {
      this.log.warn(
        { channel: channel.name, issue: parsed.error.issues[0]?.message },
        'dropped a malformed bus message',
      );
      return;
    }
    for (const listener of listeners.now) {
      try {
        (listener as (message: T) => void)(parsed.data);
      } catch (error) {
        this.log.error({ err: error, channel: channel.name }, 'a channel listener failed');
      }
    }
  }

  async close(): Promise<void> {
    const subscriptions = [...this.channels.values()];
    this.channels.clear();
    await Promise.allSettled(subscriptions.map(async ({ ready }) => (await ready)()));
  }
}
