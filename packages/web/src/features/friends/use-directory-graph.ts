/**
 * The friends graph (spec §3 Directory graph, §9): polled every minute while
 * the person is active and every ten while idle; over the socket it is
 * followed, and each `directory_graph` event replaces it at once. Guests have no buddies (they can neither
 * fan anyone nor link a social account), so they make no calls for it.
 */
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DIRECTORY_POLL_ACTIVE_MS, DIRECTORY_POLL_IDLE_MS, type SelfUser } from '@platter/contract';
import { call } from '../../api/client';
import { isFramed } from '../../lib/framed';
import { useIsIdle } from '../../session/use-presence';
import { useFollow } from '../../live/use-live';

const graphKey = (userid: string | undefined) => ['room.directory_graph', userid] as const;

export function useDirectoryGraph(user: SelfUser | undefined) {
  const idle = useIsIdle();
  const queryClient = useQueryClient();
  const enabled = user?.registered === true && !isFramed();
  const userid = user?.userid;

  const query = useQuery({
    queryKey: graphKey(userid),
    queryFn: () => call('room.directory_graph', {}),
    enabled,
    refetchInterval: idle ? DIRECTORY_POLL_IDLE_MS : DIRECTORY_POLL_ACTIVE_MS,
    // A hidden tab keeps to the idle rate rather than stopping: the person may come back to it.
    refetchIntervalInBackground: true,
    staleTime: DIRECTORY_POLL_ACTIVE_MS,
  });

  // Live over the socket: the graph again after every reconnect or login, and whenever it changes.
  useFollow({
    call: 'room.follow_directory_graph',
    input: {},
    channel: 'directory',
    enabled,
    onSnapshot: (graph) => queryClient.setQueryData(graphKey(userid), graph),
    onEvent: (event) => {
      // Frames are not checked against the contract in the page: a graph that is not a list is skipped.
      if (event.command === 'directory_graph' && Array.isArray(event.rooms))
        queryClient.setQueryData(graphKey(userid), { rooms: event.rooms });
    },
  });

  // Back from idle: catch up at once when the list is older than an active poll would allow.
  const wasIdle = useRef(idle);
  useEffect(() => {
    const cameBack = wasIdle.current && !idle;
    wasIdle.current = idle;
    if (cameBack && enabled) {
      void queryClient.refetchQueries({ queryKey: graphKey(userid), stale: true }, { cancelRefetch: false });
    }
  }, [idle, enabled, userid, queryClient]);

  return { query, enabled };
}

/**
 * Whether the member's friends are known (guests have none to wait for): the lobby's right
 * column paints once they are, so the panels under the friends panel do not move when the list
 * arrives (docs/lobby.md: layout slots). It shares the panel's query; the panel polls and follows.
 */
export function useFriendsKnown(user: SelfUser | undefined): boolean {
  const query = useQuery({
    queryKey: graphKey(user?.userid),
    queryFn: () => call('room.directory_graph', {}),
    enabled: user?.registered === true && !isFramed(),
    staleTime: DIRECTORY_POLL_ACTIVE_MS,
  });
  return !query.isLoading;
}
