import { useState } from 'react';

interface AvatarProps {
  /** The avatar's head picture (a user's `images.headfront`): the art drawn in docs/avatars.md. */
  src: string;
  name: string | null;
  size: number;
  className?: string;
}

/**
 * An avatar's head, drawn in its own coloured disc. Only while that picture
 * cannot load does the name's first letter stand in; a new picture (after
 * changing avatar) gets a fresh try.
 */
export function Avatar({ src, name, size, className = '' }: AvatarProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const initial = (name ?? '?').trim().charAt(0).toUpperCase() || '?';
  if (brokenSrc === src) {
    return (
      <span
        className={`avatar avatar--initial ${className}`}
        style={{ width: size, height: size, fontSize: size * 0.5 }}
        aria-hidden="true"
      >
        {initial}
      </span>
    );
  }
  return (
    <img
      className={`avatar ${className}`}
      src={src}
      alt=""
      width={size}
      height={size}
      decoding="async"
      onError={() => setBrokenSrc(src)}
    />
  );
}
