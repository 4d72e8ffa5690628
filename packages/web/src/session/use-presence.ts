/**
 * Presence (spec §4): the page watches for signs of its person, says whether
 * they are active or idle, and tells the server when that changes: by
 * `presence.update`, over the socket when it is connected and over HTTP when
 * it is not.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { live } from '../live/socket';
import { isFramed } from '../lib/framed';
import { IdleDetector } from './idle-detector';
import { useCurrentUser } from './use-session';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

let pageDetector: IdleDetector | null = null;

/** The page's one detector, listening from the first time anything asks. */
function detector(): IdleDetector {
  if (pageDetector) return pageDetector;
  const created = new IdleDetector();
  const onActivity = () => created.activity();
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { capture: true, passive: true });
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') created.activity();
  });
  created.start();
  pageDetector = created;
  return created;
}

/** True once the person has been idle for five minutes; false again at their next sign. */
export function useIsIdle(): boolean {
  const idle = detector();
  return useSyncExternalStore(idle.subscribe, idle.isIdle, () => false);
}

/** Reports the person's status: at start, on each change, and to each new socket connection. */
export function usePresenceReporting(): void {
  const userid = useCurrentUser()?.userid;
  const status = useIsIdle() ? 'away' : 'available';

  useEffect(() => {
    if (!userid || isFramed()) return;
    // Best effort: a lost report is corrected by the next change, and polling keeps "last seen" fresh.
    live.request('presence.update', { status }).catch(() => undefined);
  }, [userid, status]);

  useEffect(() => {
    if (!userid || isFramed()) return;
    // A new line starts the person as available: an idle person says so again.
    return live.onStateChange((state) => {
      if (state === 'connected' && status === 'away')
        live.request('presence.update', { status }).catch(() => undefined);
    });
  }, [userid, status]);
}
