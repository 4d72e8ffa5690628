/**
 * The reader's AFK warning while they DJ in a room with an AFK limit (afk-warning.ts): read
 * again each second from their AFK clock (the live room's `activeAt`) on the server's clock as
 * the page reckons it. While the warning shows and the tab is hidden, the tab's title says so
 * too (as @mentions count there), and stops saying it once the warning goes or the tab is seen.
 */
import { useEffect, useState } from 'react';
import { afkMessages } from '@platter/contract';
import { useRoom } from '../../../live/room-store';
import { live } from '../../../live/socket';
import { afkWarning, type AfkWarning } from './afk-warning';

const TICK_MS = 1000;
const TITLE_PREFIX = afkMessages.tabTitle('');

function showInTitle(show: boolean): void {
  const marked = document.title.startsWith(TITLE_PREFIX);
  if (show && !marked) document.title = TITLE_PREFIX + document.title;
  // The mention badge may have put its count in front meanwhile: take the mark out wherever it is.
  else if (!show && document.title.includes(TITLE_PREFIX)) document.title = document.title.replace(TITLE_PREFIX, '');
}

/** The warning for a DJ in a room whose AFK limit is `afkMinutes` (mounted only while they DJ). */
export function useAfkWarning(afkMinutes: number): AfkWarning | null {
  const activeAt = useRoom((state) => state.activeAt);
  const watching = afkMinutes > 0;
  const [warning, setWarning] = useState<AfkWarning | null>(null);

  useEffect(() => {
    const tick = () => setWarning(watching ? afkWarning({ afkMinutes, activeAt, now: live.clock.serverNow() }) : null);
    tick();
    if (!watching) return;
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [watching, afkMinutes, activeAt]);

  const shown = warning !== null;
  useEffect(() => {
    const sync = () => showInTitle(shown && document.hidden);
    sync();
    document.addEventListener('visibilitychange', sync);
    // Another handler (the mention badge's) may set the title after this one: check again shortly.
    const timer = shown ? setInterval(sync, TICK_MS) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', sync);
      clearInterval(timer);
      showInTitle(false);
    };
  }, [shown]);

  return warning;
}
