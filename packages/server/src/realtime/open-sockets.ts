/**
 * How many sockets are open on this instance, per session and per address,
 * for both framings (/socket and the ttapi gateway): one session opening
 * sockets without end (a probe held 400) costs the instance memory and a
 * copy of every event it follows. Counted per instance, not across them:
 * what a socket costs (its memory, its share of each fan-out) is the
 * instance's, so each instance bounds its own; behind a load balancer the
 * same session may hold the limit on each instance it reaches.
 */

export interface OpenSocketLimits {
  /** Sockets of one session open at once here; 0: no limit. */
  perSession: number;
  /** Sockets from one address open at once here (welcomed or not); 0: no limit. */
  perAddress: number;
}

/** Counts open things per key; a key's count goes when it reaches zero, so the map holds only what is open. */
class OpenCounts {
  private readonly counts = new Map<string, number>();
  /** All counted under every key. */
  total = 0;

  /** Counts one more under `key`; null (not counted) when `limit` are open already. Else, its release (once). */
  take(key: string, limit: number): (() => void) | null {
    const count = this.counts.get(key) ?? 0;
    if (limit > 0 && count >= limit) return null;
    this.counts.set(key, count + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    };
  }
}

export class OpenSockets {
  private readonly sessions = new OpenCounts();
  private readonly addresses = new OpenCounts();

  constructor(private readonly limits: OpenSocketLimits) {}

  /** Sockets open on this instance now (each is counted by its address from the start). */
  get open(): number {
    return this.addresses.total;
  }

  /** A socket opened from `address`: its release when counted, null when the address has its limit open. */
  fromAddress(address: string): (() => void) | null {
    return this.addresses.take(address, this.limits.perAddress);
  }

  /** A socket became the session's: its release when counted, null when the session has its limit open. */
  ofSession(sessionId: string): (() => void) | null {
    return this.sessions.take(sessionId, this.limits.perSession);
  }
}
