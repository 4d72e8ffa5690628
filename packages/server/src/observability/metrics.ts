/**
 * Prometheus metrics (prom-client), one registry per app so that tests can build many apps in
 * one process. What each metric means is in docs/operations.md. Counts that live elsewhere
 * (sockets, rooms, the pool) are read when Prometheus scrapes, not kept up to date here.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUse } from '../db/database';

/** Where the gauges read this instance's state at each scrape. */
export interface MetricSources {
  openSockets(): number;
  /** Rooms with at least one listener on this instance, and those listeners. */
  rooms(): number;
  listeners(): number;
  pool(): PoolUse | null;
}

/** The channel's kind, not its name: one series per kind, however many rooms there are. */
export type ChannelKind = 'room' | 'lobby' | 'user' | 'other';

export function channelKind(channel: string): ChannelKind {
  const kind = channel.split(':', 1)[0];
  return kind === 'room' || kind === 'lobby' || kind === 'user' ? kind : 'other';
}

// Calls answer in about a millisecond from memory and in tens with the database; uploads take seconds.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly socketCallDuration: Histogram<'call' | 'outcome'>;
  private readonly busMessages: Counter<'direction' | 'channel'>;
  private readonly busFailures: Counter<'operation'>;
  private leasesHeld: () => number = () => 0;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'platter_http_request_duration_seconds',
      help: 'HTTP requests by route (an API call by its name) and status class, until the answer was sent.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.socketCallDuration = new Histogram({
      name: 'platter_socket_call_duration_seconds',
      help: 'API calls made over a socket (the room page, bots), by call name and outcome.',
      labelNames: ['call', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.busMessages = new Counter({
      name: 'platter_bus_messages_total',
      help: 'Messages this instance published to the bus (out) and received from it (in), by channel kind.',
      labelNames: ['direction', 'channel'],
      registers,
    });
    this.busFailures = new Counter({
      name: 'platter_bus_failures_total',
      help: 'Bus publishes and subscribes that failed (Redis down or slow).',
      labelNames: ['operation'],
      registers,
    });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('platter_open_sockets', 'Sockets open on this instance (pages and bots, both framings).', () =>
      sources.openSockets(),
    );
    gauge('platter_rooms', 'Rooms with at least one listener connected to this instance.', () => sources.rooms());
    gauge('platter_room_listeners', 'Sockets following a room on this instance.', () => sources.listeners());
    gauge('platter_timeline_leases_held', "Rooms whose songs this instance's timeline drives.", () =>
      this.leasesHeld(),
    );
    new Gauge({
      name: 'platter_db_pool_connections',
      help: "PostgreSQL pool: connections open, idle, queries waiting, and the pool's size (absent on SQLite).",
      labelNames: ['state'],
      registers,
      collect() {
        const use = sources.pool();
        if (!use) return;
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state]);
      },
    });
  }

  /** One HTTP request answered (`route` as registered: never the raw URL, which anyone can vary). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: `${Math.floor(statusCode / 100)}xx` }, seconds);
  }

  observeSocketCall(call: string, ok: boolean, seconds: number): void {
    this.socketCallDuration.observe({ call, outcome: ok ? 'ok' : 'error' }, seconds);
  }

  countBus(direction: 'in' | 'out', channel: string): void {
    this.busMessages.inc({ direction, channel: channelKind(channel) });
  }

  countBusFailure(operation: 'publish' | 'subscribe'): void {
    this.busFailures.inc({ operation });
  }

  /** The timeline driver starts after the app (main.ts): its leases are read from then on. */
  watchTimeline(timeline: { readonly leasesHeld: number }): void {
    this.leasesHeld = () => timeline.leasesHeld;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
