/**
 * An unsaved laptop, kept for a moment while the member adds a card: the
 * credit card screen replaces the editor, and returns to it afterwards
 * (lib/payment-return.ts), which picks the draft up and opens Checkout again.
 * Kept in this tab only, and for half an hour at most.
 */
import type { Placement } from '@platter/contract';

const KEY = 'platter-sticker-draft';
const KEEP_MS = 30 * 60_000;

interface Draft {
  userid: string;
  placements: Placement[];
  savedAt: number;
}

export function keepDraft(userid: string, placements: readonly Placement[]): void {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ userid, placements: [...placements], savedAt: Date.now() } satisfies Draft),
    );
  } catch {
    // Storage may be full or off: the editor then starts from the saved laptop.
  }
}

/** The draft of this member, if one is waiting. */
export function readDraft(userid: string): Placement[] | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Draft | null;
    if (!draft || draft.userid !== userid || Date.now() - draft.savedAt > KEEP_MS) return null;
    return Array.isArray(draft.placements) ? draft.placements : null;
  } catch {
    return null;
  }
}

export function dropDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
