/**
 * Which renderer draws the room (docs/room.md, "Renderers"): WebGL (PixiJS)
 * when the member's WebGL preference is on and the device draws WebGL with a
 * graphics card, else the DOM/SVG one (no WebGL, or WebGL in software). The
 * choice is made once, when the room opens: changing the preference in a room
 * reloads the page (spec §2 Graphics modal).
 */
import type { WebglProbe } from '../../../lib/webgl-probe';

export type RendererKind = 'webgl' | 'dom';

/** Frames per second at most for the room's motion, in either renderer (spec §9). */
export const STAGE_FPS = 20;

export interface RendererInputs {
  /** The member's disable_webgl preference (undefined while unknown: a guest's default is on). */
  webglDisabled: boolean | undefined;
  /** What the device's WebGL is (lib/webgl-probe.ts): drawn in software, it would keep the page busy. */
  webgl: WebglProbe['kind'];
}

export function chooseRenderer({ webglDisabled, webgl }: RendererInputs): RendererKind {
  return webglDisabled !== true && webgl === 'hardware' ? 'webgl' : 'dom';
}

/** Motion is on unless the member turned Animation off or the system asks for reduced motion. */
export function motionAllowed(animationDisabled: boolean | undefined): boolean {
  if (animationDisabled) return false;
  return !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
}

/** The idle bob: how high a figure is lifted (0 to 1 of its amplitude) at a time, for a phase. */
export const BOB_PERIOD_MS = 2000;
export const BOB_AMPLITUDE = 3;

export function bobLift(timeMs: number, phase: number): number {
  const turn = timeMs / BOB_PERIOD_MS + phase;
  return (1 - Math.cos(2 * Math.PI * turn)) / 2;
}

/** Heads bobbing to a song voted Awesome: faster and higher than the idle bob. */
export const NOD_PERIOD_MS = 500;
export const NOD_AMPLITUDE = 7;

/** How high a figure is lifted (px) at a time: the nod for those who voted Awesome, else the idle bob. */
export function figureLift(timeMs: number, phase: number, nodding: boolean): number {
  return nodding
    ? NOD_AMPLITUDE * bobLift((timeMs * BOB_PERIOD_MS) / NOD_PERIOD_MS, phase)
    : BOB_AMPLITUDE * bobLift(timeMs, phase);
}
