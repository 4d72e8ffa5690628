import { useState } from 'react';

interface CoverArtProps {
  /** The song's cover art, or null when the song has none (or nothing is playing). */
  src: string | null | undefined;
  size: number;
  className?: string;
  /** Load only when scrolled near: right for a long list of tiles, wrong for a page's one picture. */
  lazy?: boolean;
}

/** A song's cover art; without one (or while it cannot load) a record stands in. */
export function CoverArt({ src, size, className = '', lazy = false }: CoverArtProps) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <span
        className={`cover-art cover-art--none ${className}`}
        style={{ width: size, height: size }}
        aria-hidden="true"
      >
        <span className="cover-art__record" />
      </span>
    );
  }
  return (
    <img
      className={`cover-art ${className}`}
      src={src}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      onError={() => setBroken(src)}
    />
  );
}
