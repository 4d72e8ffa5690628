/**
 * The lobby is read far more than it changes: pages of rooms, and each
 * member's buddies' whereabouts, are kept for a second. This instance's
 * writes clear them at once (directoryChanged, whereaboutsChanged); other
 * instances' writes show within the second.
 */
import type { Services } from '../../api/context';
import type { MaybePromise } from '../../lib/maybe-promise';
import { buddiesByRoom, buddiesInRooms } from './buddies';
import { currentRoomOf } from './store';
import { friendsJsonByRoom, type CallerPart, type PreparedPage } from './tiles';

const PAGES = 'directory-pages';
const WHEREABOUTS = 'directory-whereabouts';
const PAGE_CACHE = { max: 1_000, ttlMs: 1_000 };
const WHEREABOUTS_CACHE = { max: 20_000, ttlMs: 1_000 };

export function cachedPage(
  services: Services,
  key: string,
  load: () => Promise<PreparedPage>,
): MaybePromise<PreparedPage> {
  return services.caches.remember(PAGES, PAGE_CACHE, key, load);
}

/** Where a member's buddies are, and where the member is. */
export function cachedWhereabouts(services: Services, userId: string): MaybePromise<CallerPart> {
  return services.caches.remember(WHEREABOUTS, WHEREABOUTS_CACHE, userId, async () => {
    const [buddies, current] = await Promise.all([
      buddiesInRooms(services.db, userId),
      currentRoomOf(services.db, userId),
    ]);
    return { friendsJson: friendsJsonByRoom(buddiesByRoom(buddies)), current, bodies: new WeakMap() };
  });
}

/** A room's listing changed (counts, song, a new room). */
export function directoryChanged(services: Services): void {
  services.caches.clear(PAGES);
}

/**
 * Someone came or went, or stepped up or down, in one room: only the pages that show it are
 * out of date, and the DJs Needed pages when the stage filled or opened. Other pages may
 * now rank the room differently; they renew within the second, as they do for another
 * instance's moves, so a busy lobby keeps its cache.
 */
export function roomCountsChanged(services: Services, roomId: string, { stageFilledOrOpened = false } = {}): void {
  services.caches.clearWhere<PreparedPage>(
    PAGES,
    (key, page) =>
      page === null ||
      (stageFilledOrOpened && key.startsWith('DJsNeeded|')) ||
      page.rooms.some((room) => room.roomid === roomId),
  );
}

/** Someone moved, or whom someone follows changed. */
export function whereaboutsChanged(services: Services): void {
  services.caches.clear(WHEREABOUTS);
}
