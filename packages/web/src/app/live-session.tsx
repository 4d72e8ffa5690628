import { usePresenceReporting } from '../session/use-presence';
import { useLiveConnection } from '../live/use-live';

/** What the page keeps running for its session: the realtime socket and presence reports (spec §4). */
export function LiveSession() {
  useLiveConnection();
  usePresenceReporting();
  return null;
}
