/**
 * What the chat's live region says (docs/accessibility.md, "Live announcements"): a new line
 * is read out politely, but a busy room is not read line by line. At most one announcement
 * every ANNOUNCE_EVERY_MS; lines that arrive in between are held, and then one held line is
 * said as it is, several as how many came ("5 new lines in the chat").
 */
import { roomPageMessages } from '@platter/contract';

/** Long enough for a screen reader to finish a short line before the next one interrupts it. */
export const ANNOUNCE_EVERY_MS = 3000;

export class ChatAnnouncer {
  private held: string[] = [];
  private lastAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly say: (text: string) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** New lines, each as it should be read ("Ada Vinyl: hello", or a notice's words). */
  add(lines: readonly string[]): void {
    if (lines.length === 0) return;
    this.held.push(...lines);
    if (this.timer) return;
    const wait = this.lastAt + ANNOUNCE_EVERY_MS - this.now();
    if (wait <= 0) this.flush();
    else
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush();
      }, wait);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    const [only, ...more] = this.held;
    if (only === undefined) return;
    this.say(more.length === 0 ? only : roomPageMessages.chatLinesCame(this.held.length));
    this.held = [];
    this.lastAt = this.now();
  }
}
