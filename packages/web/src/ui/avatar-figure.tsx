import { useState } from 'react';
import { avatarImageUrl } from '@platter/contract';

interface AvatarFigureProps {
  avatarId: number;
  /** The height in pixels; the figure is 3 wide for 4 high, like the avatar art. */
  height: number;
  className?: string;
}

/** A hue per avatar, spread around the colour wheel so neighbouring ids differ. */
export function avatarHue(avatarId: number): number {
  return Math.round((((avatarId * 137.508) % 360) + 360) % 360);
}

/**
 * An avatar standing (its "fullfront" art). While the art cannot load, a
 * drawn DJ in the avatar's own colour stands in, so a choice of avatars still
 * tells them apart.
 */
export function AvatarFigure({ avatarId, height, className = '' }: AvatarFigureProps) {
  const src = avatarImageUrl(avatarId, 'fullfront');
  const [broken, setBroken] = useState<string | null>(null);
  const width = Math.round((height * 3) / 4);
  if (broken === src) {
    const hue = avatarHue(avatarId);
    return (
      <svg
        className={`avatar-figure avatar-figure--drawn ${className}`}
        width={width}
        height={height}
        viewBox="0 0 60 80"
        aria-hidden="true"
      >
        <ellipse cx="30" cy="76" rx="18" ry="3" fill="rgb(0 0 0 / 35%)" />
        <path d="M14 74 Q14 46 30 46 Q46 46 46 74 Z" fill={`hsl(${hue} 70% 58%)`} />
        <path d="M22 74 L22 60 M38 74 L38 60" stroke={`hsl(${hue} 55% 38%)`} strokeWidth="2" />
        <circle cx="30" cy="30" r="14" fill={`hsl(${hue} 45% 82%)`} />
        <path d="M15 30 A15 15 0 0 1 45 30" fill="none" stroke="#16151d" strokeWidth="3" />
        <rect x="12" y="27" width="6" height="10" rx="3" fill={`hsl(${hue} 70% 45%)`} />
        <rect x="42" y="27" width="6" height="10" rx="3" fill={`hsl(${hue} 70% 45%)`} />
        <circle cx="25" cy="31" r="1.8" fill="#16151d" />
        <circle cx="35" cy="31" r="1.8" fill="#16151d" />
        <path d="M25 36 Q30 40 35 36" fill="none" stroke="#16151d" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <img
      className={`avatar-figure ${className}`}
      src={src}
      alt=""
      width={width}
      height={height}
      onError={() => setBroken(src)}
    />
  );
}
