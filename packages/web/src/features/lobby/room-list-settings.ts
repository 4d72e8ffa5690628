/**
 * The room list's settings (spec §3: view, sort, query, registered flag) and
 * their rules (spec §4): choosing a view resets the sort to hotness and clears
 * the query; changing the sort keeps the view. View and sort are remembered in
 * `setting_` cookies so that a return visit shows the same list; the query
 * lives in the address (`/?search=…`).
 */
import { roomViews, viewSorts, type RoomSort, type RoomView } from '@platter/contract';
import { getSetting, setSetting } from '../../lib/cookies';

export interface RoomListChoice {
  view: RoomView;
  sort: RoomSort;
}

export const DEFAULT_CHOICE: RoomListChoice = { view: 'allRooms', sort: 'hotness' };

const VIEW_SETTING = 'room_view';
const SORT_SETTING = 'room_sort';

/** Favorites are hidden from guests (spec §2, §6). */
export function viewsFor(registered: boolean): RoomView[] {
  return roomViews.filter((view) => registered || view !== 'favorites');
}

/** A choice this user can have: a view they may see and a sort that view offers, else the defaults. */
export function allowedChoice(choice: { view: string; sort: string }, registered: boolean): RoomListChoice {
  const view = viewsFor(registered).find((v) => v === choice.view) ?? DEFAULT_CHOICE.view;
  const sort = viewSorts[view].find((s) => s === choice.sort) ?? DEFAULT_CHOICE.sort;
  return { view, sort };
}

export function chooseView(view: RoomView): RoomListChoice {
  return { view, sort: DEFAULT_CHOICE.sort };
}

export function chooseSort(choice: RoomListChoice, sort: RoomSort): RoomListChoice {
  return { ...choice, sort };
}

/** The choice of the last visit; whether this user may have it is checked where it is used. */
export function rememberedChoice(): RoomListChoice {
  const remembered = { view: getSetting(VIEW_SETTING) ?? '', sort: getSetting(SORT_SETTING) ?? '' };
  return allowedChoice(remembered, true);
}

export function rememberChoice(choice: RoomListChoice): void {
  setSetting(VIEW_SETTING, choice.view);
  setSetting(SORT_SETTING, choice.sort);
}

/** The search in the address; a query of only spaces is no search at all. */
export function searchQuery(params: URLSearchParams): string | null {
  const query = params.get('search')?.trim();
  return query ? query : null;
}

/** Where a random order starts (0 ≤ seed < 1), chosen when the list (re)starts so its pages agree. */
export function newSeed(): number {
  return Math.random();
}
