/**
 * Dragging a queue row by its handle, with pointer events (mouse, pen or finger).
 * The rows' places are measured once when the drag starts; the list's scrolling
 * box scrolls by itself while the held row is near its top or bottom edge, and
 * what it scrolled is added back, so a song can travel the length of a long queue.
 */
import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { dropIndex, shiftFor, type RowBox } from './reorder';

interface Drag {
  from: number;
  to: number;
  pointerId: number;
  startY: number;
  /** The pointer's travel since the start, and the scrolling box's. */
  offset: number;
  scrolled: number;
  boxes: RowBox[];
}

/** How near an edge of the scrolling box the pointer starts it scrolling, and how fast (px per frame). */
const EDGE = 48;
const SPEED = 10;

function scrollParent(element: HTMLElement | null): HTMLElement {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement as HTMLElement;
}

export function useQueueDrag(list: RefObject<HTMLOListElement | null>, onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const scroller = useRef<{ element: HTMLElement; start: number } | null>(null);
  const pointerY = useRef(0);

  const place = (current: Drag, clientY: number): Drag => {
    const box = scroller.current;
    const scrolled = box ? box.element.scrollTop - box.start : 0;
    const offset = clientY - current.startY;
    const held = current.boxes[current.from];
    // Where the middle of the held row now is, in the list as it was measured, decides its place.
    const middle = held ? held.top + held.height / 2 + offset + scrolled : clientY;
    return { ...current, offset, scrolled, to: dropIndex(current.boxes, current.from, middle) };
  };

  // While held near an edge, the scrolling box scrolls, a little every frame.
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    let frame = 0;
    const tick = () => {
      const box = scroller.current;
      if (box) {
        const bounds =
          box.element === document.scrollingElement
            ? { top: 0, bottom: window.innerHeight }
            : box.element.getBoundingClientRect();
        const step =
          pointerY.current < bounds.top + EDGE ? -SPEED : pointerY.current > bounds.bottom - EDGE ? SPEED : 0;
        if (step !== 0) {
          const before = box.element.scrollTop;
          box.element.scrollTop += step;
          if (box.element.scrollTop !== before)
            setDrag((current) => (current ? place(current, pointerY.current) : current));
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
    // The loop runs for the whole drag; place reads only refs.
  }, [dragging]);

  const start = (event: PointerEvent<HTMLElement>, from: number) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rows = [...(list.current?.children ?? [])];
    const boxes = rows.map((row) => {
      const rect = row.getBoundingClientRect();
      return { top: rect.top, height: rect.height };
    });
    const element = scrollParent(list.current);
    scroller.current = { element, start: element.scrollTop };
    pointerY.current = event.clientY;
    setDrag({ from, to: from, pointerId: event.pointerId, startY: event.clientY, offset: 0, scrolled: 0, boxes });
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    pointerY.current = event.clientY;
    setDrag(place(drag, event.clientY));
  };
  const end = (event: PointerEvent<HTMLElement>, drop: boolean) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (drop && drag.to !== drag.from) onDrop(drag.from, drag.to);
    scroller.current = null;
    setDrag(null);
  };

  /** How far row `index` is moved on screen: the held row follows the pointer, the rows between make room. */
  const shift = (index: number): number => {
    if (!drag) return 0;
    if (index === drag.from) return drag.offset + drag.scrolled;
    return shiftFor(index, drag.from, drag.to, drag.boxes[drag.from]?.height ?? 0);
  };

  return {
    dragging,
    held: drag?.from ?? null,
    shift,
    handle: (index: number) => ({
      onPointerDown: (event: PointerEvent<HTMLElement>) => start(event, index),
      onPointerMove: move,
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, true),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, false),
    }),
  };
}
