import { usePresenceReporting } from '../session/use-presence';
import { useRealtimeConnection } from '../session/use-realtime';

/** What the page keeps running for its session: the realtime socket and presence reports (spec §4). */
export function LiveSession() {
  useRealtimeConnection();
  usePresenceReporting();
  return null;
}
