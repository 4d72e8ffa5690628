/** The benchmarks' statistics, defined once. */

/**
 * The value at fraction `p` (0..1) of the values in order, by nearest rank (p99 of 100 values is
 * the 99th, not the largest); NaN when there are none.
 */
export function percentile(values: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]! : NaN;
}

/** The middle value (the lower of the two middles of an even count). */
export const median = (values: ArrayLike<number>) => percentile(values, 0.5);
