import { useState } from 'react';

interface AvatarProps {
  src: string;
  name: string | null;
  size: number;
  className?: string;
}

/** An avatar's head; while its art cannot load, the name's first letter stands in. */
export function Avatar({ src, name, size, className = '' }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const initial = (name ?? '?').trim().charAt(0).toUpperCase() || '?';
  if (broken) {
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
      onError={() => setBroken(true)}
    />
  );
}
