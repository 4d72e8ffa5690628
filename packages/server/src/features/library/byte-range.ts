/** One HTTP byte range (RFC 9110 §14): `bytes=a-b`, `bytes=a-`, `bytes=-n`. Several ranges are served as the whole file. */
import type { ByteRange } from '../../adapters/storage';

/** null: send the whole file (no Range, or one we do not honour); 'unsatisfiable': answer 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Not a single bytes range (several ranges, other units): a server may ignore Range.
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
