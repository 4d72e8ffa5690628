/**
 * Private messages in the page's cache (docs/pm.md): the conversations list
 * with its unread counts and each open conversation's history, both read over
 * the socket when it is up (HTTP otherwise) and kept current by the `pmmed`
 * and `pm_read` events every page of the member hears on its user channel.
 * After a reconnect both are read again: events missed while away are not replayed.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallOutput, PmMessage } from '@platter/contract';
import { live, type LiveState } from '../../live/socket';

export const conversationsKey = ['pm.conversations'] as const;
export const historyKey = (userid: string) => ['pm.history', userid] as const;

type History = CallOutput<'pm.history'>;

/** While the socket is down, the list is read now and then instead (HTTP polling stays the baseline). */
const POLL_WITHOUT_SOCKET_MS = 60_000;

export function useLiveState(): LiveState {
  const [state, setState] = useState<LiveState>(() => live.getState());
  useEffect(() => live.onStateChange(setState), []);
  return state;
}

export function useConversations(enabled: boolean) {
  const state = useLiveState();
  return useQuery({
    queryKey: conversationsKey,
    queryFn: () => live.request('pm.conversations', {}),
    enabled,
    refetchInterval: state === 'connected' ? false : POLL_WITHOUT_SOCKET_MS,
  });
}

export function useHistory(userid: string | null) {
  return useQuery({
    queryKey: historyKey(userid ?? ''),
    queryFn: () => live.request('pm.history', { receiverid: userid ?? '' }),
    enabled: userid !== null,
  });
}

/** Adds a message to its conversation's cached history (once, whether it came as a reply or an event). */
export function addToHistory(queryClient: QueryClient, partner: string, message: PmMessage): void {
  queryClient.setQueryData<History>(historyKey(partner), (old) =>
    old && !old.history.some((m) => m.id === message.id) ? { ...old, history: [...old.history, message] } : old,
  );
}

/** Older messages, put before the ones shown. */
export async function loadEarlier(queryClient: QueryClient, partner: string): Promise<void> {
  const shown = queryClient.getQueryData<History>(historyKey(partner));
  const first = shown?.history[0];
  if (!first) return;
  const page = await live.request('pm.history', { receiverid: partner, before: first.id });
  queryClient.setQueryData<History>(historyKey(partner), (old) =>
    old ? { history: [...page.history, ...old.history], more: page.more } : old,
  );
}

/**
 * Keeps the cache current while mounted: a new message joins its conversation's history and
 * the list (with its counts) is read again; so is it when another page of the member reads one.
 */
export function usePmEvents(me: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!me) return;
    const stopEvents = live.onEvent(({ event }) => {
      if (event.command === 'pmmed') {
        const { command: _command, userid: _receiver, name: _name, ...message } = event;
        addToHistory(queryClient, event.senderid === me ? event.receiverid : event.senderid, message);
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      } else if (event.command === 'pm_read') {
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      }
    });
    const stopState = live.onStateChange((state) => {
      if (state !== 'connected') return;
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      void queryClient.invalidateQueries({ queryKey: ['pm.history'] });
    });
    return () => {
      stopEvents();
      stopState();
    };
  }, [me, queryClient]);
}
