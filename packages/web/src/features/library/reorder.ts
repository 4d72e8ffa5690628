/**
 * The queue's reorder math, as the server's playlist.reorder does it (turntable's
 * index_from / index_to): the song is taken out at `from` and put back so that it
 * stands at `to` in the list after the move.
 */

/** The list with the item at `from` moved to `to`; out-of-range indexes leave it as it was. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (!isIndex(copy, from) || !isIndex(copy, to) || from === to) return copy;
  const [moved] = copy.splice(from, 1) as [T];
  copy.splice(to, 0, moved);
  return copy;
}

function isIndex(list: readonly unknown[], index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < list.length;
}

/** A row's place on screen while dragging: its top and its height (from getBoundingClientRect). */
export interface RowBox {
  top: number;
  height: number;
}

/**
 * Where a row being dragged from `from` lands when the pointer is at `pointerY`: past a
 * neighbour once the pointer crosses that neighbour's middle. The boxes are the rows as
 * laid out before the drag (the dragged row's own box included), top to bottom.
 */
export function dropIndex(boxes: readonly RowBox[], from: number, pointerY: number): number {
  if (boxes.length === 0) return 0;
  let to = from;
  // Downwards: every later row whose middle the pointer has passed.
  for (let i = from + 1; i < boxes.length; i++) {
    const box = boxes[i] as RowBox;
    if (pointerY > box.top + box.height / 2) to = i;
    else break;
  }
  if (to !== from) return to;
  // Upwards: every earlier row whose middle is below the pointer.
  for (let i = from - 1; i >= 0; i--) {
    const box = boxes[i] as RowBox;
    if (pointerY < box.top + box.height / 2) to = i;
    else break;
  }
  return to;
}

/**
 * How far each row shifts while the row from `from` is held over `to`: the rows between
 * them make room (one row's height up or down), the others stay. The dragged row itself
 * follows the pointer and is not shifted here (0).
 */
export function shiftFor(index: number, from: number, to: number, draggedHeight: number): number {
  if (index === from) return 0;
  if (from < to && index > from && index <= to) return -draggedHeight;
  if (to < from && index >= to && index < from) return draggedHeight;
  return 0;
}
