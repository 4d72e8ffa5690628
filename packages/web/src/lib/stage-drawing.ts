/**
 * Why this page draws a room's stage without WebGL although the member's WebGL
 * preference is on: the room's stage says it when it falls back, the Graphics
 * modal reads it (docs/room.md, "Renderers"). It lives here, shared, because
 * the room and the Graphics modal are features that do not import each other.
 * It lasts as long as the page: a fallback holds until the next page load.
 */
import { useSyncExternalStore } from 'react';
import { probeWebgl, probedWebgl, type WebglProbe } from './webgl-probe';

/** software: the device draws WebGL in software; none: no WebGL context; failed: it broke; slow: frames kept missing their budget. */
export type StageFallback = 'software' | 'none' | 'failed' | 'slow';

let fallback: StageFallback | null = null;
const listeners = new Set<() => void>();

export function reportStageFallback(reason: StageFallback): void {
  if (fallback === reason) return;
  fallback = reason;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * Subscribing probes the device's WebGL (once a page: webgl-probe.ts caches it).
 * React subscribes after the render is committed, so the probe's throw-away
 * context is never made while rendering, and reads the answer right after.
 */
const subscribeProbing = (listener: () => void) => {
  const { kind } = probeWebgl();
  const unsubscribe = subscribe(listener);
  if (kind !== 'hardware') reportStageFallback(kind);
  return unsubscribe;
};
const subscribeOnly = subscribe;

/** What the device's WebGL is, probed after the first render when `wanted`; undefined until then. */
export function useWebglProbe(wanted: boolean): WebglProbe['kind'] | undefined {
  return useSyncExternalStore(wanted ? subscribeProbing : subscribeOnly, () => probedWebgl()?.kind);
}

/** Why the stage is (or would be) drawn without WebGL on this page, or null. */
export function useStageFallback(): StageFallback | null {
  return useSyncExternalStore(subscribeProbing, () => fallback);
}
