/**
 * The room popped out into the miniplayer window, followed from the page that opened it: where it
 * plays now (read every second), and the room back on this page once that window is closed or
 * leaves the room (to the lobby, after Cancel on the full-view prompt). Leaving counts only after
 * the window has shown the room, and only when two readings in a row say so: a window still
 * loading, or changing pages, passes through moments with no room in it.
 */
import { useEffect, useState } from 'react';
import { miniplayerMessages, type RoomDetails } from '@platter/contract';
import { player } from '../../live/player';
import { openMiniplayer, poppedOutPlace } from '../../lib/miniplayer';
import { roomPath } from '../../lib/room-path';
import { useAlerts } from '../../ui/alerts';

const WATCH_MS = 1_000;

export function usePoppedOut(room: RoomDetails) {
  const [popup, setPopup] = useState<Window | null>(null);
  const [place, setPlace] = useState<'mini' | 'full'>('mini');
  const { showAlert } = useAlerts();
  const { roomid } = room;

  useEffect(() => {
    if (!popup) return;
    // The miniplayer window plays the room; this page holds its music until it comes back.
    player.hold('popout');
    let shown = false;
    let goneOnce = false;
    const timer = setInterval(() => {
      const now = poppedOutPlace(popup, roomid);
      if (now !== 'gone') {
        shown = true;
        goneOnce = false;
        setPlace(now);
      } else if (popup.closed || (shown && goneOnce)) setPopup(null);
      else goneOnce = shown;
    }, WATCH_MS);
    return () => {
      clearInterval(timer);
      player.release('popout');
    };
  }, [popup, roomid]);

  const popOut = () => {
    const opened = openMiniplayer(roomPath(room) ?? `/${roomid}`);
    if (!opened) return showAlert(miniplayerMessages.blocked, { kind: 'error' });
    setPlace('mini');
    setPopup(opened);
  };
  const bringBack = () => {
    // Closing that window leaves this page the room's only one.
    popup?.close();
    setPopup(null);
  };
  return { place: popup ? place : null, popOut, bringBack };
}
