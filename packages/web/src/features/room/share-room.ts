/**
 * Sharing a room's address: the system's share sheet on a phone that has one,
 * else the clipboard. Says what happened, so the page can tell the member.
 */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** A touch-first device with a share sheet: where sharing beats copying. */
function canShareNatively(): boolean {
  return (
    typeof navigator.share === 'function' && typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
  );
}

export async function shareRoom(title: string, url: string): Promise<ShareOutcome> {
  if (canShareNatively()) {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Fall through to copying: some browsers refuse a share they claim to support.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
