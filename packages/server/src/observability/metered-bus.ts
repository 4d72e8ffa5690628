/**
 * The bus as the app uses it, counted for metrics: every message published (out) and every
 * message the bus hands this instance (in), and the failures. The bus itself (realtime/bus.ts)
 * stays unaware of metrics.
 */
import type { Bus } from '../realtime/bus';
import type { Metrics } from './metrics';

export function meteredBus(bus: Bus, metrics: Metrics): Bus {
  return {
    async publish(channel, message) {
      try {
        await bus.publish(channel, message);
      } catch (error) {
        metrics.countBusFailure('publish');
        throw error;
      }
      metrics.countBus('out', channel);
    },
    async subscribe(channel, listener) {
      try {
        return await bus.subscribe(channel, (message) => {
          metrics.countBus('in', channel);
          listener(message);
        });
      } catch (error) {
        metrics.countBusFailure('subscribe');
        throw error;
      }
    },
    close: () => bus.close(),
    get healthy() {
      return bus.healthy;
    },
    onRecovered: (listener) => bus.onRecovered(listener),
  };
}
