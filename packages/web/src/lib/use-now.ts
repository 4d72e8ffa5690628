import { useEffect, useState } from 'react';

/** Time deltas ("3 minutes ago") are re-read every half minute. */
const CLOCK_TICK_MS = 30_000;

/** The time now, re-read every `tick` ms, so that a time delta shown stays true. */
export function useNow(tick = CLOCK_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tick);
    return () => window.clearInterval(timer);
  }, [tick]);
  return now;
}
