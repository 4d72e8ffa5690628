/**
 * A TCP proxy between the app and a server (Redis), which a test cuts and restores. Three ways
 * of being cut, as outages look from the app:
 * - refuse: nothing listens (connections are refused), and the open ones are reset;
 * - close: connections are accepted and closed at once (a proxy or balancer whose target is gone);
 * - blackhole: connections are accepted and nothing comes back; open ones go silent too.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type Cut = 'refuse' | 'close' | 'blackhole';

export class CuttableProxy {
  private server: Server | null = null;
  private cut: Cut | null = null;
  private readonly pairs = new Set<[Socket, Socket]>();
  private readonly silent = new Set<Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(targetUrl: string): Promise<CuttableProxy> {
    const url = new URL(targetUrl);
    const proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 6379) }, 0);
    await proxy.listen();
    return proxy;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async cutAs(how: Cut): Promise<void> {
    this.cut = how;
    if (how === 'blackhole') {
      // Open links stay open and say nothing more, either way.
      for (const [client, upstream] of this.pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.resume();
        upstream.resume();
      }
      return;
    }
    this.resetAll();
    if (how === 'refuse') await this.stopListening();
  }

  async restore(): Promise<void> {
    this.cut = null;
    // Links left over from a black hole are broken: the app notices by its pings and dials again.
    this.resetAll();
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    this.resetAll();
    await this.stopListening();
  }

  private accept(client: Socket): void {
    client.on('error', () => client.destroy());
    if (this.cut === 'close') return void client.destroy();
    if (this.cut === 'blackhole') {
      this.silent.add(client);
      client.on('close', () => this.silent.delete(client));
      client.resume();
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    upstream.on('error', () => client.destroy());
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
  }

  private resetAll(): void {
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
    for (const client of this.silent) client.resetAndDestroy();
    this.silent.clear();
  }

  private listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  private stopListening(): Promise<void> {
    const server = this.server;
    this.server = null;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
