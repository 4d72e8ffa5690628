/**
 * The room list as pages of ROOM_PAGE_SIZE (spec §9): the directory for a
 * view and sort, or the results of a search.
 */
import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ROOM_PAGE_SIZE, type DirectoryRoom, type LiveEvent, type RoomSort, type RoomView } from '@platter/contract';
import { call } from '../../api/client';
import { isFramed } from '../../lib/framed';
import { useFollow } from '../../live/use-live';

export type RoomListRequest =
  /** The seed starts a random order; it is new whenever the list restarts, which makes it a new list. */
  { kind: 'directory'; view: RoomView; sort: RoomSort; seed: number } | { kind: 'search'; query: string };

interface RoomPage {
  rooms: DirectoryRoom[];
}

function fetchRoomPage(request: RoomListRequest, skip: number): Promise<RoomPage> {
  if (request.kind === 'search') {
    return call('room.search', { query: request.query, limit: ROOM_PAGE_SIZE, skip });
  }
  return call('room.directory_rooms', {
    constraints: request.view,
    sort: request.sort,
    limit: ROOM_PAGE_SIZE,
    skip,
    // Featured rooms lead the first page of the plain, default list.
    section_aware: request.view === 'allRooms' && request.sort === 'hotness',
    seed: request.sort === 'random' ? request.seed : undefined,
  });
}

/**
 * One list per request and user (the registered flag is part of the list's
 * settings). A list nobody shows is dropped at once (gcTime 0), so coming back
 * to a view loads it again from the start (spec §4); while a new list loads,
 * the previous one stays under the loading overlay.
 */
export function useRooms(request: RoomListRequest, userid: string | undefined) {
  return useInfiniteQuery({
    queryKey: ['rooms', userid, request],
    queryFn: ({ pageParam }) => fetchRoomPage(request, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.rooms.length < ROOM_PAGE_SIZE ? undefined : pages.reduce((count, page) => count + page.rooms.length, 0),
    placeholderData: keepPreviousData,
    gcTime: 0,
    enabled: userid !== undefined && !isFramed(),
  });
}

/** The loaded pages as one list; a room that moved up between two page loads is shown once. */
export function roomsOf(pages: readonly RoomPage[] | undefined): DirectoryRoom[] {
  const seen = new Set<string>();
  const rooms: DirectoryRoom[] = [];
  for (const page of pages ?? []) {
    for (const room of page.rooms) {
      const key = room.roomid || room.shortcut || room.name;
      if (seen.has(key)) continue;
      seen.add(key);
      rooms.push(room);
    }
  }
  return rooms;
}

type RoomCounts = Extract<LiveEvent, { command: 'room_counts' }>;

/** A tile's room with its new counts; the same page object when the room is not on it. */
export function withCounts(page: RoomPage, counts: RoomCounts): RoomPage {
  if (!page.rooms.some((room) => room.roomid === counts.roomid)) return page;
  return {
    ...page,
    rooms: page.rooms.map((room) =>
      room.roomid === counts.roomid
        ? {
            ...room,
            metadata: {
              ...room.metadata,
              listeners: counts.listeners,
              djcount: counts.djcount,
              max_djs: counts.max_djs,
              // A new song comes with its counts; without one, the tile's song stays.
              current_song: counts.current_song === undefined ? room.metadata.current_song : counts.current_song,
            },
          }
        : room,
    ),
  };
}

/**
 * The tiles follow their rooms' counts live (room.follow_counts): a room's listener and DJ
 * counts, and its song, change in place on every list loaded; the order stays until the list reloads.
 */
export function useLiveTiles(enabled: boolean) {
  const queryClient = useQueryClient();
  useFollow({
    call: 'room.follow_counts',
    input: {},
    enabled: enabled && !isFramed(),
    channel: 'room_counts',
    onSnapshot: () => undefined,
    onEvent: (event) => {
      if (event.command !== 'room_counts') return;
      queryClient.setQueriesData<InfiniteData<RoomPage>>({ queryKey: ['rooms'] }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => withCounts(page, event)) } : data,
      );
    },
  });
}
