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
  /** Null without Web Audio. The browser may hold it suspended until the listener clicks (autoplay rules). */
  readonly context: AudioContext | null = null;
  private readonly gainNode: GainNode | null = null;

  constructor(events: { onError: () => void; onSeeked: () => void }) {
    const element = document.createElement('audio');
    // Nothing is fetched for a source until the player needs it (docs/music.md: light music):
    // the room's song says 'auto' once it plays; a preview in My music loads when it plays.
    element.preload = 'none';
    // The player's rate nudges (drift.ts) change the tempo, never the pitch.
    element.preservesPitch = true;
    element.setAttribute('data-testid', 'room-audio');
    element.addEventListener('error', events.onError);
    element.addEventListener('seeked', events.onSeeked);
    document.body.append(element);
    this.element = element;
    try {
      const context = new AudioContext({ latencyHint: 'playback' });
      const gainNode = context.createGain();
      context.createMediaElementSource(element).connect(gainNode).connect(context.destination);
      this.context = context;
      this.gainNode = gainNode;
    } catch {
      // No Web Audio: the element's own volume carries the gain.
    }
  }

  /** How late the device sounds what the element plays (ms): the audio context's own latency, when known. */
  deviceLatencyMs(): number {
    const context = this.context;
    return context ? (context.outputLatency || context.baseLatency || 0) * 1000 : 0;
  }

  /** How loud it plays now: the gain node's current factor (it glides to a new level), or the element's volume. */
  level(): number {
    return this.gainNode ? this.gainNode.gain.value : this.element.volume;
  }

  /** Sets how loud it plays: a factor on the song's own level (the volume times the song's gain). */
  setLevel(factor: number): void {
    if (this.gainNode && this.context) this.gainNode.gain.setTargetAtTime(factor, this.context.currentTime, 0.05);
    else this.element.volume = Math.min(1, factor);
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
