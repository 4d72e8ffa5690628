/**
 * Where the player's sound goes: the page's one audio element, added to the
 * page, and behind it a Web Audio gain that carries the listener's volume and
 * the song's loudness correction (which may raise a quiet song above the
 * element's own volume of 1). Without Web Audio (an old browser) the element's
 * volume carries it, up to 1. The player (player.ts) decides what plays when;
 * this only plays it, as loud as it is told.
 */
export class AudioOutput {
  readonly element: HTMLAudioElement;
  private audioContext: AudioContext | null = null;
  private gainNode: GainNode | null = null;
  private graphTried = false;
  /** The level last asked for, carried over to the gain node when the graph is built. */
  private factor = 1;

  constructor(events: { onError: () => void; onSeeked: () => void }) {
    const element = document.createElement('audio');
    // Nothing is fetched for a source until the player needs it (docs/music.md: light music):
    // the room's song says 'auto' once the browser lets the page play; a preview in My music loads when it plays.
    element.preload = 'none';
    // The player's rate nudges (drift.ts) change the tempo, never the pitch.
    element.preservesPitch = true;
    element.setAttribute('data-testid', 'room-audio');
    element.addEventListener('error', events.onError);
    element.addEventListener('seeked', events.onSeeked);
    document.body.append(element);
    this.element = element;
  }

  /**
   * Null without Web Audio, and until the graph is built (useGraph). The browser may hold it
   * suspended until the listener clicks (autoplay rules).
   */
  get context(): AudioContext | null {
    return this.audioContext;
  }

  /**
   * Builds the Web Audio graph behind the element, once: when the page may play (it played, or the
   * listener clicked), not as the room opens. Starting an audio context costs the page's main thread
   * a long task (about 90 ms on the 2-core development machine, four times that on a phone), which a
   * visitor whose browser waits for a click would pay for nothing. Until then the element's own volume
   * carries the level, up to 1, as without Web Audio.
   */
  useGraph(): void {
    if (this.graphTried) return;
    this.graphTried = true;
    try {
      const context = new AudioContext({ latencyHint: 'playback' });
      const gainNode = context.createGain();
      context.createMediaElementSource(this.element).connect(gainNode).connect(context.destination);
      this.audioContext = context;
      this.gainNode = gainNode;
      this.element.volume = 1;
      gainNode.gain.value = this.factor;
    } catch {
      // No Web Audio: the element's own volume carries the gain.
    }
  }

  /** How late the device sounds what the element plays (ms): the audio context's own latency, when known. */
  deviceLatencyMs(): number {
    const context = this.audioContext;
    return context ? (context.outputLatency || context.baseLatency || 0) * 1000 : 0;
  }

  /** How loud it plays now: the gain node's current factor (it glides to a new level), or the element's volume. */
  level(): number {
    return this.gainNode ? this.gainNode.gain.value : this.element.volume;
  }

  /** Sets how loud it plays: a factor on the song's own level (the volume times the song's gain). */
  setLevel(factor: number): void {
    this.factor = factor;
    if (this.gainNode && this.audioContext) {
      this.gainNode.gain.setTargetAtTime(factor, this.audioContext.currentTime, 0.05);
    } else this.element.volume = Math.min(1, factor);
  }
}

/**
 * Calls `then` once the page has loaded (its scripts, styles and images): the song's bytes
 * wait for it, so that on a slow line they never compete with the page's own. At once when it
 * has, as after the first page of a visit.
 */
export function afterPageLoad(then: () => void): void {
  if (document.readyState === 'complete') then();
  else window.addEventListener('load', () => then(), { once: true });
}
