/**
 * The laptop lid (564 × 381, the 500 × 325 screen area as the cover) with
 * the member's stickers on it. Stickers move by dragging (mouse or touch),
 * turn by their handle, the buttons or [ / ], and go with Delete. On a narrow
 * screen the whole lid is scaled down with a CSS transform; positions stay in
 * laptop pixels.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { LAPTOP_SCREEN_SIZE, LAPTOP_SIZE, UNPURCHASED_STICKER_OPACITY, type Sticker } from '@platter/contract';
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

/** The lid, drawn: an aluminium shell with the screen area as the cover region and a soft logo. */
function LaptopArt() {
  const inset = {
    x: (LAPTOP_SIZE.width - LAPTOP_SCREEN_SIZE.width) / 2,
    y: (LAPTOP_SIZE.height - LAPTOP_SCREEN_SIZE.height) / 2,
  };
  return (
    <svg
      className="laptop__art"
      width={LAPTOP_SIZE.width}
      height={LAPTOP_SIZE.height}
      viewBox={`0 0 ${LAPTOP_SIZE.width} ${LAPTOP_SIZE.height}`}
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="laptop-shell" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d9dbe3" />
          <stop offset="1" stopColor="#9a9eab" />
        </linearGradient>
        <linearGradient id="laptop-cover" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c9ccd6" />
          <stop offset="1" stopColor="#b1b5c1" />
        </linearGradient>
      </defs>
      <rect
        x="1"
        y="1"
        width={LAPTOP_SIZE.width - 2}
        height={LAPTOP_SIZE.height - 2}
        rx="22"
        fill="url(#laptop-shell)"
      />
      <rect
        className="laptop__screen"
        x={inset.x}
        y={inset.y}
        width={LAPTOP_SCREEN_SIZE.width}
        height={LAPTOP_SCREEN_SIZE.height}
        rx="12"
        fill="url(#laptop-cover)"
        stroke="#8c90a0"
        strokeDasharray="6 6"
      />
      <circle cx={LAPTOP_SIZE.width / 2} cy={LAPTOP_SIZE.height / 2} r="26" fill="#e7e9ef" opacity="0.55" />
    </svg>
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
