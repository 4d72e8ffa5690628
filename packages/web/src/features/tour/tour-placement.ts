/**
 * Where the tour's card goes beside the part of the page it points at: below
 * it, above it, to its right or left, whichever has room, or docked at the
 * bottom of the window when none has (a narrow phone, a tall panel).
 */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export type Side = 'below' | 'above' | 'right' | 'left' | 'dock' | 'center';

export interface Placement {
  top: number;
  left: number;
  side: Side;
}

export const GAP = 14;
export const MARGIN = 12;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

/** The part of `box` inside the window, or null when none of it is. */
export function visiblePart(box: Box, viewport: Size): Box | null {
  const top = Math.max(box.top, 0);
  const left = Math.max(box.left, 0);
  const bottom = Math.min(box.top + box.height, viewport.height);
  const right = Math.min(box.left + box.width, viewport.width);
  if (bottom <= top || right <= left) return null;
  return { top, left, width: right - left, height: bottom - top };
}

export function placeCard(target: Box | null, card: Size, viewport: Size): Placement {
  const centredLeft = (viewport.width - card.width) / 2;
  if (!target) {
    return {
      top: Math.max(MARGIN, (viewport.height - card.height) / 2),
      left: Math.max(MARGIN, centredLeft),
      side: 'center',
    };
  }
  const bottom = target.top + target.height;
  const right = target.left + target.width;
  const alongX = clamp(target.left + target.width / 2 - card.width / 2, MARGIN, viewport.width - card.width - MARGIN);
  const alongY = clamp(target.top, MARGIN, viewport.height - card.height - MARGIN);

  if (viewport.height - bottom - GAP - MARGIN >= card.height) return { top: bottom + GAP, left: alongX, side: 'below' };
  if (target.top - GAP - MARGIN >= card.height)
    return { top: target.top - GAP - card.height, left: alongX, side: 'above' };
  if (viewport.width - right - GAP - MARGIN >= card.width) return { top: alongY, left: right + GAP, side: 'right' };
  if (target.left - GAP - MARGIN >= card.width)
    return { top: alongY, left: target.left - GAP - card.width, side: 'left' };
  return {
    top: Math.max(MARGIN, viewport.height - card.height - MARGIN),
    left: Math.max(MARGIN, centredLeft),
    side: 'dock',
  };
}
