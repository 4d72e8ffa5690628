/**
 * The laptop lid (564 × 381, the 500 × 325 screen area as the cover) with
 * the member's stickers on it. Stickers move by dragging (mouse or touch),
 * turn by their handle, the buttons or [ / ], and go with Delete. On a narrow
 * screen the whole lid is scaled down with a CSS transform; positions stay in
 * laptop pixels.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { LAPTOP_SIZE, UNPURCHASED_STICKER_OPACITY, type Sticker } from '@platter/contract';
import { laptopArtUrl } from '../../ui/laptop-art';
import {
  MOVE_STEP,
  ROTATE_STEP,
  STICKER_SIZE,
  angleTowards,
  toLaptopPoint,
  type PlacedSticker,
  type Point,
} from './laptop-rules';

interface LaptopCoverProps {
  laptopRef: RefObject<HTMLDivElement | null>;
  items: readonly PlacedSticker[];
  stickers: ReadonlyMap<string, Sticker>;
  selected: string | null;
  onSelect: (key: string | null) => void;
  onMove: (key: string, position: { top: number; left: number }) => void;
  onRotate: (key: string, angle: number, relative: boolean) => void;
  onRemove: (key: string) => void;
  onPickUp: (key: string) => void;
}

type Drag = { key: string; kind: 'move'; grab: Point } | { key: string; kind: 'rotate' };

export function LaptopCover(props: LaptopCoverProps) {
  const { laptopRef, items, stickers, selected, onSelect } = props;
  const [frameRef, scale] = useFitScale();
  const drag = useRef<Drag | null>(null);

  const laptopPoint = (event: PointerEvent) => {
    const rect = laptopRef.current?.getBoundingClientRect();
    return rect ? toLaptopPoint({ x: event.clientX, y: event.clientY }, rect) : null;
  };

  const startMove = (event: PointerEvent<HTMLElement>, item: PlacedSticker) => {
    const point = laptopPoint(event);
    if (!point || event.button !== 0) return;
    event.preventDefault();
    // The sticker is under the pointer already; letting focus scroll the dialog would
    // shift the lid under a grab measured before it, and the sticker would jump.
    event.currentTarget.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      key: item.key,
      kind: 'move',
      grab: { x: point.x - item.placement.left, y: point.y - item.placement.top },
    };
    onSelect(item.key);
    props.onPickUp(item.key);
  };

  const startRotate = (event: PointerEvent<HTMLElement>, key: string) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { key, kind: 'rotate' };
  };

  const moveDrag = (event: PointerEvent) => {
    const current = drag.current;
    const point = laptopPoint(event);
    if (!current || !point) return;
    if (current.kind === 'move') {
      props.onMove(current.key, { left: point.x - current.grab.x, top: point.y - current.grab.y });
    } else {
      const item = items.find((i) => i.key === current.key);
      if (!item) return;
      const centre = { x: item.placement.left + STICKER_SIZE / 2, y: item.placement.top + STICKER_SIZE / 2 };
      props.onRotate(current.key, angleTowards(centre, point), false);
    }
  };

  const endDrag = () => {
    drag.current = null;
  };

  const onKey = (event: KeyboardEvent, item: PlacedSticker) => {
    const { top, left } = item.placement;
    const moves: Record<string, { top: number; left: number }> = {
      ArrowUp: { top: top - MOVE_STEP, left },
      ArrowDown: { top: top + MOVE_STEP, left },
      ArrowLeft: { top, left: left - MOVE_STEP },
      ArrowRight: { top, left: left + MOVE_STEP },
    };
    const move = moves[event.key];
    if (move) props.onMove(item.key, move);
    else if (event.key === '[') props.onRotate(item.key, -ROTATE_STEP, true);
    else if (event.key === ']') props.onRotate(item.key, ROTATE_STEP, true);
    else if (event.key === 'Delete' || event.key === 'Backspace') props.onRemove(item.key);
    else return;
    event.preventDefault();
  };

  return (
    <div className="laptop-frame" style={{ height: LAPTOP_SIZE.height * scale }} ref={frameRef}>
      <div
        ref={laptopRef}
        className="laptop"
        style={{ width: LAPTOP_SIZE.width, height: LAPTOP_SIZE.height, transform: `scale(${scale})` }}
        onPointerDown={(event) => {
          if (!(event.target as Element).closest('.laptop__sticker')) onSelect(null);
        }}
        data-testid="laptop"
      >
        <LaptopArt />
        {items.map((item) => {
          const sticker = stickers.get(item.placement.sticker_id);
          if (!sticker) return null;
          const isSelected = item.key === selected;
          const unpurchased = !sticker.purchased && sticker.price > 0;
          return (
            <div
              key={item.key}
              className={`laptop__sticker${isSelected ? ' is-selected' : ''}`}
              style={{
                top: item.placement.top,
                left: item.placement.left,
                width: STICKER_SIZE,
                height: STICKER_SIZE,
                transform: `rotate(${item.placement.angle}deg)`,
              }}
            >
              <button
                type="button"
                className="laptop__sticker-button"
                aria-label={`${sticker.name} on your laptop${unpurchased ? ' (not bought yet)' : ''}`}
                aria-pressed={isSelected}
                data-sticker-id={sticker._id}
                style={{ opacity: unpurchased ? UNPURCHASED_STICKER_OPACITY : 1 }}
                onPointerDown={(event) => startMove(event, item)}
                onPointerMove={moveDrag}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                onFocus={() => onSelect(item.key)}
                onKeyDown={(event) => onKey(event, item)}
              >
                <img src={sticker.path} alt="" width={STICKER_SIZE} draggable={false} />
              </button>
              {isSelected && (
                <span
                  className="laptop__rotate-handle"
                  title="Drag to rotate"
                  aria-hidden="true"
                  onPointerDown={(event) => startRotate(event, item.key)}
                  onPointerMove={moveDrag}
                  onPointerUp={endDrag}
                  onPointerCancel={endDrag}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The lid, drawn (ui/laptop-art.ts): the same art a room shows in front of a DJ. */
function LaptopArt() {
  return (
    <img
      className="laptop__art"
      src={laptopArtUrl()}
      alt=""
      width={LAPTOP_SIZE.width}
      height={LAPTOP_SIZE.height}
      draggable={false}
    />
  );
}

/** The scale (at most 1) that fits the 564-pixel lid into its frame. */
function useFitScale() {
  const ref = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(1);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => setValue(Math.min(1, frame.clientWidth / LAPTOP_SIZE.width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  return [ref, value] as const;
}
