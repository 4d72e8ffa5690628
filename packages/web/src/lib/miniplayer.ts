/**
 * The miniplayer (docs/room.md): a room shown small in a window of its own —
 * now playing, the votes, the chat — at the room's address with `?view=mini`.
 * Its window is opened by script under one name, so it can be resized back to
 * full view; a room page opened some other way at that address cannot be.
 */
export const MINIPLAYER_WINDOW = 'platter-miniplayer';
const MINI_SIZE = { width: 380, height: 640 };
/** What full view needs to show a modal page: anything narrower asks to be widened. */
export const FULL_VIEW_SIZE = { width: 1024, height: 760 };

export function isMiniView(search: string | undefined): boolean {
  return new URLSearchParams(search ?? '').get('view') === 'mini';
}

/** The room's address in the miniplayer. */
export function miniPath(roomPath: string): string {
  return `${roomPath}?view=mini`;
}

/** Opens the room's miniplayer window (or brings it forward); null when the browser blocked it. */
export function openMiniplayer(roomPath: string): Window | null {
  const features = `popup,width=${MINI_SIZE.width},height=${MINI_SIZE.height}`;
  const opened = window.open(miniPath(roomPath), MINIPLAYER_WINDOW, features);
  opened?.focus();
  return opened;
}

/** Whether this window may be resized by script: only a window the page opened (the miniplayer's). */
export function canResizeWindow(): boolean {
  return window.name === MINIPLAYER_WINDOW && window.opener !== null;
}

/** Tries to grow this window to full view; resolves whether it is now wide enough. */
export async function growToFullView(): Promise<boolean> {
  try {
    window.resizeTo(FULL_VIEW_SIZE.width, FULL_VIEW_SIZE.height);
  } catch {
    return false;
  }
  // The browser applies the size after this task.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return window.outerWidth >= FULL_VIEW_SIZE.width - 40;
}

/**
 * Where a room popped out into `popup` is now, read by the page that opened it (same origin):
 * still in the miniplayer, grown to full view (a modal page asked for it), or gone (the window
 * was closed, or went to the lobby or another site). Rooms mark their page with `data-roomid`.
 */
export type PoppedOutPlace = 'mini' | 'full' | 'gone';

export function poppedOutPlace(popup: Window, roomid: string): PoppedOutPlace {
  try {
    if (popup.closed) return 'gone';
    const shown = popup.document.querySelector(`[data-roomid="${CSS.escape(roomid)}"]`);
    if (!shown) return 'gone';
    return shown.classList.contains('mini-room') ? 'mini' : 'full';
  } catch {
    return 'gone'; // another origin's page: not ours to read
  }
}
