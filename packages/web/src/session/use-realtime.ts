/** The socket's place in the page: connected while there is a session, never in a frame. */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { realtime, type RealtimeState, type ServerMessageOf, type ServerMessageType } from '../api/realtime';
import { isFramed } from '../lib/framed';
import { useCurrentUser } from './use-session';

/** Keeps the page's socket open for the current user; a new user (login, logout) gets a new line. */
export function useRealtimeConnection(): void {
  const userid = useCurrentUser()?.userid;
  useEffect(() => {
    if (!userid || isFramed()) return;
    realtime.start();
    const retry = () => {
      if (document.visibilityState === 'visible') realtime.retryNow();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      realtime.stop();
    };
  }, [userid]);
}

/** Calls the latest `handler` with each socket message of one type while mounted. */
export function useRealtimeMessage<T extends ServerMessageType>(
  type: T,
  handler: (message: ServerMessageOf<T>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.subscribe(type, (message) => latest.current(message)), [type]);
}

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(
    (listener) => realtime.onStateChange(listener),
    () => realtime.getState(),
    () => 'stopped',
  );
}
