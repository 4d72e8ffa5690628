/**
 * The listener's player settings, remembered in `setting_` cookies like the
 * page's other preferences (lib/cookies.ts): volume, mute, and the output
 * latency of their speakers (Bluetooth headphones play ~150–300 ms late; the
 * player starts that much early so the sound is in time).
 */
import { getSetting, setSetting } from '../lib/cookies';

export interface PlayerSettings {
  /** 0..1 */
  volume: number;
  muted: boolean;
  /** How late the listener's speakers sound, in ms (0..MAX_LATENCY_MS). */
  latencyMs: number;
}

export const MAX_LATENCY_MS = 1000;
const DEFAULT_VOLUME = 0.8;

const VOLUME = 'volume';
const MUTED = 'muted';
const LATENCY = 'audio_latency';

/** A number read from a cookie, within bounds, or the fallback (a hand-edited cookie cannot break the player). */
function bounded(text: string | null, min: number, max: number, fallback: number): number {
  const value = text === null || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

export function readPlayerSettings(): PlayerSettings {
  return {
    volume: bounded(getSetting(VOLUME), 0, 1, DEFAULT_VOLUME),
    muted: getSetting(MUTED) === '1',
    latencyMs: Math.round(bounded(getSetting(LATENCY), 0, MAX_LATENCY_MS, 0)),
  };
}

export function savePlayerSettings(settings: PlayerSettings): void {
  setSetting(VOLUME, settings.volume.toFixed(2));
  setSetting(MUTED, settings.muted ? '1' : '0');
  setSetting(LATENCY, String(Math.round(settings.latencyMs)));
}

/** A latency typed by the listener, or null when it is not a whole number of ms in range. */
export function parseLatency(text: string): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const value = Number(text);
  return value <= MAX_LATENCY_MS ? value : null;
}

/** The gain a song's dB figure asks for, as a factor on the listener's volume. */
export function gainFactor(gainDb: number, maxGainDb: number): number {
  const db = Number.isFinite(gainDb) ? Math.min(maxGainDb, gainDb) : 0;
  return 10 ** (db / 20);
}
