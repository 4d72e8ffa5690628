/**
 * A laptop lid as others see it: its type's art and the owner's stickers where
 * they placed them (laptop pixels, scaled down to `width`). Read-only: the
 * sticker editor (features/stickers) is where stickers are moved.
 */
import type { CSSProperties } from 'react';
import { LAPTOP_SIZE, STICKER_WIDTH, type Placement, type Sticker } from '@platter/contract';
import { laptopArtUrl } from './laptop-art';
import { laptopLooks, laptopNames, type LaptopType } from './laptop-looks';

interface LaptopLidProps {
  type: LaptopType;
  placements: readonly Placement[];
  /** The catalogue by sticker id: where each sticker's art is. */
  stickers: ReadonlyMap<string, Sticker>;
  width: number;
  className?: string;
  style?: CSSProperties;
}

export function LaptopLid({ type, placements, stickers, width, className = '', style }: LaptopLidProps) {
  const scale = width / LAPTOP_SIZE.width;
  const shown = placements.filter((placement) => stickers.has(placement.sticker_id));
  const label = `${laptopNames[type]}${shown.length ? `, ${shown.length} sticker${shown.length === 1 ? '' : 's'}` : ''}`;
  return (
    <div
      className={`laptop-lid ${className}`}
      role="img"
      aria-label={label}
      title={laptopNames[type]}
      style={{ ...style, width, height: LAPTOP_SIZE.height * scale }}
    >
      <div
        className="laptop-lid__inner"
        style={{ width: LAPTOP_SIZE.width, height: LAPTOP_SIZE.height, transform: `scale(${scale})` }}
      >
        <img
          src={laptopArtUrl(laptopLooks[type])}
          alt=""
          width={LAPTOP_SIZE.width}
          height={LAPTOP_SIZE.height}
          draggable={false}
        />
        {shown.map((placement, index) => (
          <img
            key={`${placement.sticker_id}-${index}`}
            className="laptop-lid__sticker"
            src={stickers.get(placement.sticker_id)?.path}
            alt=""
            width={STICKER_WIDTH}
            height={STICKER_WIDTH}
            draggable={false}
            style={{ top: placement.top, left: placement.left, transform: `rotate(${placement.angle}deg)` }}
          />
        ))}
      </div>
    </div>
  );
}
