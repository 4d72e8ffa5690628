/**
 * The picker: four stickers a page with their names and prices. Drag one onto
 * the laptop (mouse or touch), or press it (click, Enter or Space) to put it
 * in the middle of the lid.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { STICKER_WIDTH, type Sticker } from '@platter/contract';
import { pageCount, pageOf, priceLabel, type Point } from './laptop-rules';
import { stillFocusable } from '../../ui/still-focusable';

/** How far a pointer moves before a press becomes a drag. */
const DRAG_THRESHOLD = 6;

interface StickerPickerProps {
  stickers: readonly Sticker[];
  onPlaceInCentre: (sticker: Sticker) => void;
  /** A drop at a point on the screen; the editor decides whether it is on the laptop. */
  onDrop: (sticker: Sticker, client: Point) => void;
}

interface Press {
  sticker: Sticker;
  start: Point;
  dragging: boolean;
}

export function StickerPicker({ stickers, onPlaceInCentre, onDrop }: StickerPickerProps) {
  const [page, setPage] = useState(0);
  const pages = pageCount(stickers.length);
  const shown = pageOf(stickers, page);
  const press = useRef<Press | null>(null);
  const justDropped = useRef(false);
  const [ghost, setGhost] = useState<{ sticker: Sticker; at: Point } | null>(null);

  const down = (event: PointerEvent<HTMLButtonElement>, sticker: Sticker) => {
    if (event.button !== 0) return;
    justDropped.current = false;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = { sticker, start: { x: event.clientX, y: event.clientY }, dragging: false };
  };

  const move = (event: PointerEvent) => {
    const current = press.current;
    if (!current) return;
    const at = { x: event.clientX, y: event.clientY };
    if (!current.dragging && Math.hypot(at.x - current.start.x, at.y - current.start.y) < DRAG_THRESHOLD) return;
    current.dragging = true;
    setGhost({ sticker: current.sticker, at });
  };

  const up = (event: PointerEvent) => {
    const current = press.current;
    press.current = null;
    setGhost(null);
    if (current?.dragging) {
      justDropped.current = true;
      onDrop(current.sticker, { x: event.clientX, y: event.clientY });
    }
  };

  const cancel = () => {
    press.current = null;
    setGhost(null);
  };

  return (
    <section className="sticker-picker" aria-label="Stickers">
      <ul className="sticker-picker__list">
        {shown.map((sticker) => (
          <li key={sticker._id} className="sticker-picker__item">
            <button
              type="button"
              className="sticker-picker__choice"
              aria-label={`${sticker.name}, ${priceLabel(sticker)}: place on your laptop`}
              onPointerDown={(event) => down(event, sticker)}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={cancel}
              onClick={() => {
                // A drag ends in a click too; only a press without a drag places in the middle.
                if (justDropped.current) justDropped.current = false;
                else onPlaceInCentre(sticker);
              }}
            >
              <img src={sticker.path} alt="" width={STICKER_WIDTH} draggable={false} />
            </button>
            <span className="sticker-picker__name">{sticker.name}</span>
            <span className={`sticker-picker__price${sticker.price > 0 ? ' is-paid' : ''}`}>
              {priceLabel(sticker)}
              {sticker.price > 0 && sticker.purchased && ' · yours'}
            </span>
          </li>
        ))}
      </ul>
      <div className="sticker-picker__pager">
        <button type="button" className="button" {...stillFocusable(page <= 0, () => setPage((p) => p - 1))}>
          ‹ Previous
        </button>
        <span className="sticker-picker__page">
          Page {Math.min(page, pages - 1) + 1} of {pages}
        </span>
        <button type="button" className="button" {...stillFocusable(page >= pages - 1, () => setPage((p) => p + 1))}>
          Next ›
        </button>
      </div>
      {ghost && (
        <img
          className="sticker-picker__ghost"
          src={ghost.sticker.path}
          alt=""
          width={STICKER_WIDTH}
          style={{ left: ghost.at.x - STICKER_WIDTH / 2, top: ghost.at.y - STICKER_WIDTH / 2 }}
        />
      )}
    </section>
  );
}
