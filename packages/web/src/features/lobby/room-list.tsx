/**
 * The lobby's main panel (spec §2, §4): the views and sorts, or a search;
 * the rooms as tiles, 20 at a time, the next page loading when you scroll to
 * the bottom of a full one (at most once a second); a loading overlay while a
 * list (re)starts.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MIN_SCROLL_LOAD_INTERVAL_MS,
  lobbyMessages,
  type RoomSort,
  type RoomView,
  type SelfUser,
} from '@platter/contract';
import { errorText } from '../../api/client';
import { Spinner } from '../../ui/spinner';
import {
  allowedChoice,
  chooseSort,
  chooseView,
  newSeed,
  rememberChoice,
  rememberedChoice,
  searchQuery,
  type RoomListChoice,
} from './room-list-settings';
import { RoomNav } from './room-nav';
import { RoomTile } from './room-tile';
import { roomsOf, useLiveTiles, useRooms, type RoomListRequest } from './use-rooms';

export function RoomList({ user }: { user: SelfUser }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = searchQuery(params);
  const [choice, setChoice] = useState(rememberedChoice);
  // A new seed restarts the list: every settings change loads it again from the start.
  const [seed, setSeed] = useState(newSeed);
  const { view, sort } = allowedChoice(choice, user.registered);

  const request: RoomListRequest = query !== null ? { kind: 'search', query } : { kind: 'directory', view, sort, seed };
  const rooms = useRooms(request, user.userid);
  useLiveTiles(true);
  const list = roomsOf(rooms.data?.pages);
  const loading = (rooms.isFetching && !rooms.isFetchingNextPage) || rooms.isPending;

  const restart = (next: RoomListChoice) => {
    rememberChoice(next);
    setChoice(next);
    setSeed(newSeed());
    if (query !== null) navigate('/');
  };

  const pickView = (next: RoomView) => restart(chooseView(next));
  const pickSort = (next: RoomSort) => restart(chooseSort({ view, sort }, next));

  return (
    <section className="room-list" aria-labelledby="room-list-title" aria-busy={loading}>
      <h1 id="room-list-title" className="visually-hidden">
        {lobbyMessages.roomsTitle}
      </h1>
      <RoomNav
        registered={user.registered}
        view={query === null ? view : null}
        sort={sort}
        onView={pickView}
        onSort={pickSort}
      />
      {query !== null && (
        <div className="room-list__search">
          <p>
            {lobbyMessages.roomsMatching} <strong>“{query}”</strong>
          </p>
          <button type="button" className="button button--small" onClick={() => navigate('/')}>
            {lobbyMessages.clearSearch}
          </button>
        </div>
      )}
      <div className="room-list__body">
        {rooms.isError && !rooms.isFetchNextPageError ? (
          <div className="panel-message" role="alert">
            <p>{errorText(rooms.error)}</p>
            <button type="button" className="button" onClick={() => void rooms.refetch()}>
              {lobbyMessages.tryAgain}
            </button>
          </div>
        ) : list.length > 0 ? (
          <ul className="room-grid">
            {list.map((room, index) => (
              <li key={room.roomid || `${room.name}-${index}`}>
                <RoomTile room={room} />
              </li>
            ))}
          </ul>
        ) : rooms.isSuccess && !loading ? (
          <div className="panel-message room-list__empty">
            <p className="room-list__empty-title">{lobbyMessages.noResults}</p>
            <p>{lobbyMessages.noResultsHint}</p>
          </div>
        ) : (
          <div className="room-list__placeholder" />
        )}
        {loading && (
          <div className="room-list__overlay">
            <Spinner label={lobbyMessages.loadingRooms} />
          </div>
        )}
      </div>
      <NextPage
        canLoad={rooms.hasNextPage && !loading && !rooms.isFetching && !rooms.isError}
        loadNext={rooms.fetchNextPage}
      />
      {rooms.isFetchingNextPage && <Spinner label={lobbyMessages.loadingMoreRooms} />}
      {rooms.isFetchNextPageError && (
        <div className="room-list__more-error" role="alert">
          <span>{errorText(rooms.error)}</span>
          <button type="button" className="button button--small" onClick={() => void rooms.fetchNextPage()}>
            {lobbyMessages.tryAgain}
          </button>
        </div>
      )}
    </section>
  );
}

/** How near the bottom of the list counts as the bottom: the next page is on its way just before you get there. */
const BOTTOM_MARGIN_PX = 200;

/**
 * A sentinel at the bottom of the list: while it is in view and a full page
 * was the last one, the next page loads, no sooner than a second after the
 * previous load (spec §4, §9).
 */
function NextPage({ canLoad, loadNext }: { canLoad: boolean; loadNext: () => Promise<unknown> }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const lastLoad = useRef(0);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), {
      rootMargin: `0px 0px ${BOTTOM_MARGIN_PX}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const shouldLoad = inView && canLoad;
  useEffect(() => {
    if (!shouldLoad) return;
    const wait = Math.max(0, lastLoad.current + MIN_SCROLL_LOAD_INTERVAL_MS - Date.now());
    const timer = window.setTimeout(() => {
      // The observer reports a frame late: a page that just arrived may have pushed the bottom away.
      const top = sentinel.current?.getBoundingClientRect().top ?? Infinity;
      if (top > window.innerHeight + BOTTOM_MARGIN_PX) return;
      lastLoad.current = Date.now();
      void loadNext();
    }, wait);
    return () => window.clearTimeout(timer);
  }, [shouldLoad, loadNext]);

  return <div ref={sentinel} className="room-list__sentinel" aria-hidden="true" />;
}
