/**
 * The page's one audio element (docs/music.md, "Playing in sync"). It lives
 * beside the socket, not in a route, so the room page and the miniplayer play
 * through the same one. It plays the room's song at the moment the room's
 * timeline is at: server time now − the song's starttime (a late joiner starts
 * mid-song; before the start it waits, buffering), through a Web Audio gain
 * that evens out loudness (the song's `gain`, dB) and carries the listener's
 * volume (audio-output.ts). A few times a second it measures how far off it is and corrects:
 * drift.ts says how. Its readout (clock offset, round trip, playback error,
 * position) is shown in the room and is `window.__platterSync` for tests.
 */
import { MAX_GAIN_DB, songAudioPath, type PlayingSong } from '@platter/contract';
import {
  correctDrift,
  FOLLOWING_RATE,
  largeErrorSince,
  nextSeekLead,
  POSITION_READINGS_KEPT,
  smoothedPosition,
  type PositionReading,
} from './drift';
import { gainFactor, readPlayerSettings, savePlayerSettings, type PlayerSettings } from './player-settings';
import { roomStore, type RoomStore } from './room-store';
import { live, type LiveSocket } from './socket';
import { setMediaSession } from './media-session';
import { afterPageLoad, AudioOutput } from './audio-output';
import { ClockSampling } from './clock-sampling';
import { emptyReadout, type HoldReason, type SyncReadout } from './sync-readout';

export type { HoldReason, ListenStatus, SyncReadout } from './sync-readout';

const TICK_MS = 200;
/** After a seek, the error is read this long after playing resumes, to learn what a seek costs. */
const SETTLE_MS = 400;
const RETRY_LOAD_MS = 4000;
/** Started this close to a song's start, the page plays from the top (drift correction does the rest). */
const START_SLACK_MS = 150;
/** How long a held-back audio context is given to start after play() before the page asks for a click. */
const CONTEXT_GRACE_MS = 500;

export class RoomPlayer {
  private output: AudioOutput | null = null;
  private audio: HTMLAudioElement | null = null;
  private song: PlayingSong | null = null;
  private settings: PlayerSettings = { volume: 0.8, muted: false, latencyMs: 0 };
  private seekLeadMs = 0;
  private seekedAt: number | null = null;
  /** The element's recent positions, for a smoothed reading of where it plays (drift.ts). */
  private readings: PositionReading[] = [];
  private heldBy = new Set<HoldReason>();
  /** While the element is lent (a preview): who to tell when what it plays fails. */
  private lentTo: (() => void) | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  /** The browser has let the page play (it played once, or the listener clicked): songs are then fetched ahead. */
  private allowedToPlay = false;
  private readout: SyncReadout = emptyReadout(0);
  private readonly listeners = new Set<() => void>();

  private readonly clockSampling: ClockSampling;

  constructor(
    private readonly store: RoomStore,
    private readonly socket: LiveSocket,
  ) {
    this.clockSampling = new ClockSampling(socket);
  }

  /** Follows the room store from now on (once, when the page starts). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.settings = readPlayerSettings();
    this.store.subscribe(() => this.setSong(this.store.getState().music.song));
    this.setSong(this.store.getState().music.song);
  }

  getReadout = (): SyncReadout => this.readout;

  /**
   * The readout measured this instant (the published one is up to a tick old), with the page's
   * wall clock (performance.timeOrigin + now) it was taken at and how loud it plays: what
   * `window.__platterSync` gives.
   */
  measureNow(): TestReadout {
    const wall = performance.timeOrigin + performance.now();
    const audio = this.audio;
    const song = this.song;
    const readout = {
      ...this.readout,
      serverNow: this.socket.clock.serverNow(),
      ...this.clockPart(),
      wall,
      gainDb: this.songGainDb(),
      level: this.output?.level() ?? null,
    };
    if (!audio || !song || readout.status !== 'playing' || audio.paused) return readout;
    const now = performance.now();
    const fresh = { at: now, position: audio.currentTime * 1000, rate: audio.playbackRate };
    const heard = smoothedPosition([...this.readings, fresh].slice(-POSITION_READINGS_KEPT), now) ?? fresh.position;
    return { ...readout, errorMs: heard - this.targetMs(), position: heard - this.outputLatencyMs() };
  }
  getSettings = (): PlayerSettings => this.settings;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The listener's click: lets the browser play (autoplay rules), and undoes their own pause. */
  listen(): void {
    this.heldBy.delete('listener');
    this.allowPlaying(this.ensureAudio());
    void this.output?.context?.resume();
    if (this.song) this.playFrom(this.targetMs(), true);
  }

  /** Stops playing until every holder has released it; playing again joins the timeline where it is by then. */
  hold(by: HoldReason): void {
    this.heldBy.add(by);
    this.audio?.pause();
    this.readings = [];
    this.update();
  }

  release(by: HoldReason): void {
    this.heldBy.delete(by);
    this.update();
  }

  /**
   * Lends the page's one audio element (a preview in My music): the room's song is held until
   * it comes back, and a new song meanwhile only waits. `onFailed`: what the borrower played failed.
   */
  lend(onFailed: () => void): HTMLAudioElement {
    this.hold('preview');
    this.lentTo = onFailed;
    this.applyGain();
    return this.ensureAudio();
  }

  /** The lent element comes back: the room's song again, where the timeline is by then. */
  giveBack(): void {
    if (!this.lentTo) return;
    this.lentTo = null;
    const audio = this.audio;
    if (audio) {
      audio.pause();
      if (this.song) {
        audio.preload = 'auto';
        audio.src = songAudioPath(this.song._id);
        audio.playbackRate = FOLLOWING_RATE;
      } else audio.removeAttribute('src');
    }
    this.applyGain();
    this.release('preview');
  }

  changeSettings(change: Partial<PlayerSettings>): void {
    this.settings = { ...this.settings, ...change };
    savePlayerSettings(this.settings);
    this.applyGain();
    this.publish(this.readout);
  }

  private setSong(song: PlayingSong | null): void {
    if (song?.playid === this.song?.playid) return;
    this.song = song;
    this.seekedAt = null;
    this.readings = [];
    clearTimeout(this.retryTimer);
    setMediaSession(song, this);
    if (!song) {
      clearInterval(this.timer);
      this.timer = undefined;
      this.clockSampling.stop();
      if (this.audio && !this.lentTo) {
        this.audio.pause();
        this.audio.removeAttribute('src');
        this.audio.load();
      }
      this.publish(emptyReadout(this.socket.clock.serverNow()));
      return;
    }
    this.ensureAudio();
    this.clockSampling.songSet();
    this.timer ??= setInterval(() => this.update(), TICK_MS);
    afterPageLoad(() => {
      if (this.song?.playid !== song.playid) return;
      this.loadSong(song);
      this.update();
    });
  }

  /**
   * Points the element at the room's song, fetched as it plays (a lent element keeps the borrower's; the song is
   * loaded when it comes back). Until the browser lets the page play, nothing is fetched ahead: a visitor whose
   * browser waits for a click may never click, and on a phone the song would take the page's bandwidth.
   */
  private loadSong(song: PlayingSong): void {
    const audio = this.audio;
    if (!audio || this.lentTo) return;
    audio.preload = this.allowedToPlay ? 'auto' : 'none';
    audio.src = songAudioPath(song._id);
    audio.playbackRate = FOLLOWING_RATE;
    this.applyGain();
  }

  /** Where the timeline is in the song (ms), ahead by the output latency so the sound is heard in time. */
  private targetMs(): number {
    if (!this.song) return 0;
    return this.socket.clock.serverNow() - this.song.starttime + this.outputLatencyMs();
  }

  private outputLatencyMs(): number {
    return (this.output?.deviceLatencyMs() ?? 0) + this.settings.latencyMs;
  }

  private update(): void {
    const audio = this.audio;
    const song = this.song;
    const now = performance.now();
    const serverNow = this.socket.clock.serverNow();
    if (!audio || !song) return this.publish(emptyReadout(serverNow));
    const previous = this.readout;
    const base = { ...emptyReadout(serverNow), songid: song._id, ...this.clockPart() };
    if (this.heldBy.size > 0) return this.publish({ ...base, status: 'held' });
    if (previous.status === 'blocked' || previous.status === 'failed') {
      return this.publish({ ...base, status: previous.status });
    }
    // Not loaded yet: the page itself is still loading (afterPageLoad).
    if (!audio.getAttribute('src')) return this.publish({ ...base, status: 'waiting' });
    const target = this.targetMs();
    if (target < 0) {
      // Before the song's start: buffer from its first moment, and start on time.
      if (!audio.paused) audio.pause();
      if (audio.currentTime !== 0) audio.currentTime = 0;
      if (target > -TICK_MS) setTimeout(() => this.playFrom(this.targetMs(), false), -target);
      return this.publish({ ...base, status: 'waiting' });
    }
    if (audio.paused || audio.ended) {
      if (target / 1000 < (song.metadata.length || Infinity)) this.playFrom(target, false);
      return this.publish({ ...base, status: 'waiting' });
    }
    const waiting = audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA;
    const stalledSince = waiting ? (previous.stalledSince ?? now) : null;
    const heard = this.heardAt(now, !waiting);
    const errorMs = heard - target;
    const position = heard - this.outputLatencyMs();
    if (this.seekedAt !== null) {
      // Just sought: let it settle, then learn how far behind a seek lands.
      if (waiting || now - this.seekedAt < SETTLE_MS) {
        return this.publish({ ...base, status: 'playing', position, errorMs, stalledSince });
      }
      this.seekLeadMs = nextSeekLead(this.seekLeadMs, errorMs);
      this.seekedAt = null;
    }
    const correction = correctDrift(errorMs, target, this.seekLeadMs, audio.playbackRate);
    if (correction.kind === 'seek') this.seekTo(correction.toMs);
    else if (audio.playbackRate !== correction.rate) {
      // Readings so far were taken at the old rate: carry them to now, and on at the new one.
      this.readings = this.readings.map((reading) => ({
        at: now,
        position: reading.position + (now - reading.at) * reading.rate,
        rate: correction.rate,
      }));
      audio.playbackRate = correction.rate;
    }
    this.publish({
      ...base,
      status: 'playing',
      errorMs,
      position,
      rate: audio.playbackRate,
      largeSince: largeErrorSince(previous.largeSince, errorMs, now),
      stalledSince,
    });
  }

  /** Where the element plays at `now` (ms into the song): its latest readings, smoothed (drift.ts). */
  private heardAt(now: number, record: boolean): number {
    const audio = this.audio;
    if (!audio) return 0;
    const reading = { at: now, position: audio.currentTime * 1000, rate: audio.playbackRate };
    if (!record) return reading.position;
    this.readings = [...this.readings, reading].slice(-POSITION_READINGS_KEPT);
    return smoothedPosition(this.readings, now) ?? reading.position;
  }

  private clockPart() {
    const best = this.socket.clock.best();
    return {
      offsetMs: best ? this.socket.clock.offset() : null,
      rttMs: best ? best.roundTrip : null,
      clockErrorMs: this.socket.clock.uncertainty(),
    };
  }

  private seekTo(ms: number): void {
    if (!this.audio) return;
    this.audio.currentTime = Math.max(0, ms) / 1000;
    this.audio.playbackRate = FOLLOWING_RATE;
    this.seekedAt = performance.now();
    this.readings = [];
  }

  /** Seeks to `targetMs` (ahead by what seeks cost) and plays; a refusal means the browser wants a click. */
  private playFrom(targetMs: number, byListener: boolean): void {
    const audio = this.audio;
    if (!audio || !this.song || this.heldBy.size > 0) return;
    const playid = this.song.playid;
    this.readings = [];
    // At the very start it plays from the top; a seek there would cost more than it saves.
    if (targetMs > START_SLACK_MS) this.seekTo(targetMs + this.seekLeadMs);
    audio.play().then(
      () => {
        this.allowPlaying(audio);
        if (byListener || this.readout.status === 'blocked') this.publish({ ...this.readout, status: 'waiting' });
        const context = this.output?.context;
        if (context?.state !== 'suspended') return;
        // The element plays but the Web Audio graph is held back by the browser: silence, so ask for a click.
        void context.resume();
        setTimeout(() => {
          if (context.state === 'suspended' && this.song?.playid === playid) {
            this.publish({ ...this.readout, status: 'blocked' });
          }
        }, CONTEXT_GRACE_MS);
      },
      (error: unknown) => {
        if (this.song?.playid !== playid) return;
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          this.publish({ ...this.readout, status: 'blocked' });
        }
      },
    );
  }

  /** From now on the element fetches what it will play ahead of time (buffers a song's start, a seek's target). */
  private allowPlaying(audio: HTMLAudioElement): void {
    this.allowedToPlay = true;
    audio.preload = 'auto';
    this.output?.useGraph();
  }

  private ensureAudio(): HTMLAudioElement {
    if (this.audio) return this.audio;
    this.output = new AudioOutput({
      onError: () => this.loadFailed(),
      onSeeked: () => {
        if (this.seekedAt !== null) this.seekedAt = performance.now();
      },
    });
    this.audio = this.output.element;
    return this.audio;
  }

  /** The loudness correction (dB) the element plays with: the song's, but none for a preview (its loudness is not the room's to correct). */
  private songGainDb(): number {
    return this.lentTo ? 0 : (this.song?.gain ?? 0);
  }

  private applyGain(): void {
    const { volume, muted } = this.settings;
    this.output?.setLevel(muted ? 0 : volume * gainFactor(this.songGainDb(), MAX_GAIN_DB));
  }

  private loadFailed(): void {
    if (this.lentTo) return this.lentTo();
    const song = this.song;
    if (!song || !this.audio?.getAttribute('src')) return;
    this.publish({ ...this.readout, status: 'failed' });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.song?.playid !== song.playid || !this.audio) return;
      this.audio.src = songAudioPath(song._id);
      this.publish({ ...this.readout, status: 'waiting' });
    }, RETRY_LOAD_MS);
  }

  private publish(readout: SyncReadout): void {
    this.readout = readout;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The page's player. */
export const player = new RoomPlayer(roomStore, live);

/**
 * `window.__platterSync`: the sync readout with the page's clock when it was read (`wall`), the
 * loudness correction the playing song gets (`gainDb`: its `gain`, 0 for a preview) and how loud the
 * output plays at that instant (`level`: the factor on the song's own level, the volume times
 * 10^(gainDb/20), 0 when muted; null before the page has played anything).
 */
export type TestReadout = SyncReadout & { wall: number; gainDb: number; level: number | null };

declare global {
  interface Window {
    /** The player's sync readout, for tests and the curious (docs/music.md). */
    __platterSync?: TestReadout;
  }
}

if (typeof window !== 'undefined') {
  Object.defineProperty(window, '__platterSync', { get: () => player.measureNow(), configurable: true });
}
