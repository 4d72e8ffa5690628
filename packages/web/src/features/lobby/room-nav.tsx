/** The room list's main navigation (views) and sub navigation (the sorts the view offers), spec §2. */
import { lobbyMessages, sortLabels, viewLabels, viewSorts, type RoomSort, type RoomView } from '@platter/contract';
import { viewsFor } from './room-list-settings';

interface RoomNavProps {
  registered: boolean;
  /** The view shown, or null while searching. */
  view: RoomView | null;
  sort: RoomSort;
  onView: (view: RoomView) => void;
  onSort: (sort: RoomSort) => void;
}

export function RoomNav({ registered, view, sort, onView, onSort }: RoomNavProps) {
  return (
    <div className="room-nav">
      <nav className="room-nav__views" aria-label={lobbyMessages.roomViewsLabel}>
        {viewsFor(registered).map((v) => (
          <button key={v} type="button" className="room-nav__view" aria-pressed={v === view} onClick={() => onView(v)}>
            {viewLabels[v]}
          </button>
        ))}
      </nav>
      {view && (
        <nav className="room-nav__sorts" aria-label={lobbyMessages.sortRoomsLabel}>
          {viewSorts[view].map((s) => (
            <button
              key={s}
              type="button"
              className="room-nav__sort"
              aria-pressed={s === sort}
              onClick={() => onSort(s)}
            >
              {sortLabels[s]}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}
