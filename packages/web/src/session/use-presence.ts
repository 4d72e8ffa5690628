/**
 * Presence (spec §4): the page watches for signs of its person, says whether
 * they are active or idle, and tells the server when that changes: by
 * `presence.update` always, and over the socket too when it is connected, so
 * that others can hear at once.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { call } from '../api/client';
import { realtime } from '../api/realtime';
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
    call('presence.update', { status }).catch(() => undefined);
    realtime.send({ type: 'presence', status });
  }, [userid, status]);

  useEffect(() => {
    if (!userid || isFramed()) return;
    return realtime.onStateChange((state) => {
      if (state === 'connected') realtime.send({ type: 'presence', status });
    });
  }, [userid, status]);
}
