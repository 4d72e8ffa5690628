/**
 * Work a request started that may outlive the request itself: when the
 * caller gives up (a time-out, or a sender cut short by a shutdown), the
 * server has closed its connection but the handler goes on. Closing an app
 * waits for such work before it closes what the work uses (the database).
 */
export class InFlight {
  private readonly work = new Set<Promise<unknown>>();

  /** Runs `task`, counted until it settles; resolves or rejects as it does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const promise = task();
    this.work.add(promise);
    const done = () => this.work.delete(promise);
    promise.then(done, done);
    return promise;
  }

  /** Resolves once every task counted so far (and any they started meanwhile) has settled. */
  async settled(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }
}
