/** The socket's place in the page: connected while there is a session, never in a frame. */
import { useEffect, useRef } from 'react';
import type { CallName, CallOutput, LiveEvent } from '@platter/contract';
import { isFramed } from '../lib/framed';
import { useCurrentUser } from '../session/use-session';
import { live, type FollowSpec } from './socket';

/**
 * Keeps the page's socket open for the current user; a new user (login, logout) gets a new
 * line, and what the page follows is asked for again on it.
 */
export function useLiveConnection(): void {
  const userid = useCurrentUser()?.userid;
  useEffect(() => {
    if (!userid || isFramed()) return;
    live.start();
    const retry = () => {
      if (document.visibilityState === 'visible') live.retryNow();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      live.stop();
    };
  }, [userid]);
}

/**
 * Follows a call while mounted and `enabled`: its answer now and after every reconnect or
 * login goes to the latest `onSnapshot`; `onEvent` gets the events of `channel`.
 */
export function useFollow<N extends CallName>(
  spec: Omit<FollowSpec<N>, 'snapshot'> & {
    enabled: boolean;
    channel: string;
    onSnapshot(result: CallOutput<N>): void;
    onEvent(event: LiveEvent): void;
  },
): void {
  const latest = useRef(spec);
  useEffect(() => {
    latest.current = spec;
  });
  const { enabled, call, channel } = spec;
  const input = JSON.stringify(spec.input);
  useEffect(() => {
    if (!enabled) return;
    const stopEvents = live.onEvent((message) => {
      if (message.channel === channel) latest.current.onEvent(message.event);
    });
    const stopFollowing = live.follow({
      call,
      input: JSON.parse(input) as FollowSpec<N>['input'],
      snapshot: (result) => latest.current.onSnapshot(result),
    });
    return () => {
      stopFollowing();
      stopEvents();
    };
  }, [enabled, call, channel, input]);
}
