/**
 * The hub, counting who listens to rooms on this instance (for the rooms and listeners gauges)
 * without the hub itself knowing of metrics.
 */
import { Hub } from '../realtime/hub';
import type { Channel } from '../realtime/channels';

export class MeteredHub extends Hub {
  /** Room channel → listeners here. */
  private readonly roomListeners = new Map<string, number>();

  override async listen<T>(channel: Channel<T>, listener: (message: T) => void): Promise<() => void> {
    const stop = await super.listen(channel, listener);
    if (!channel.name.startsWith('room:')) return stop;
    this.roomListeners.set(channel.name, (this.roomListeners.get(channel.name) ?? 0) + 1);
    let stopped = false;
    return () => {
      if (!stopped) {
        stopped = true;
        const left = (this.roomListeners.get(channel.name) ?? 1) - 1;
        if (left > 0) this.roomListeners.set(channel.name, left);
        else this.roomListeners.delete(channel.name);
      }
      stop();
    };
  }

  /** Rooms with at least one listener here. */
  get rooms(): number {
    return this.roomListeners.size;
  }

  get listeners(): number {
    let count = 0;
    for (const listeners of this.roomListeners.values()) count += listeners;
    return count;
  }
}
