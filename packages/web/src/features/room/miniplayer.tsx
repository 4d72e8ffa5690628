/**
 * The miniplayer (docs/room.md): the room small, in a window of its own — its
 * name and listeners, now playing (and, with music, the votes), and the chat.
 * "Full view" brings the room back to the window it came from (or this one).
 * The page that popped it out stays in the room and says where it is playing
 * (usePoppedOut follows that window).
 */
import { useNavigate } from 'react-router';
import { roomPageMessages, type RoomDetails } from '@platter/contract';
import { roomPath } from '../../lib/room-path';
import { MINIPLAYER_WINDOW } from '../../lib/miniplayer';
import { offerTopbarSlot } from '../../lib/topbar-slot';
import { useRoom } from '../../live/room-store';
import { Spinner } from '../../ui/spinner';
import { NowPlaying } from './now-playing';
import { RoomChat } from './room-chat';
import { RoomExitNotice } from './room-tools';

export function MiniRoom({ room, onRejoin }: { room: RoomDetails; onRejoin: () => void }) {
  const navigate = useNavigate();
  const live = useRoom((state) => (state.snapshot?.roomid === room.roomid ? state.status : 'idle'));
  const listeners = useRoom((state) => state.users.length);
  const full = roomPath(room) ?? '/';

  const fullView = () => {
    // Popped out from a page: the room goes back there, and this window closes.
    const opener = window.opener as Window | null;
    if (window.name === MINIPLAYER_WINDOW && opener && !opener.closed) {
      opener.location.assign(full);
      opener.focus();
      window.close();
      return;
    }
    navigate(full);
  };

  return (
    <article className="mini-room" data-testid="miniplayer" data-roomid={room.roomid}>
      <header className="mini-room__header">
        <h1 className="mini-room__name">{room.name}</h1>
        <span className="mini-room__count">
          {roomPageMessages.listening(live === 'live' ? listeners : room.metadata.listeners)}
        </span>
        {/* The PM button (lib/topbar-slot), small: the window is a phone's width. */}
        <div className="topbar__slot topbar__slot--small" ref={offerTopbarSlot} />
        <button type="button" className="button button--small" onClick={fullView}>
          {roomPageMessages.fullView}
        </button>
      </header>
      <NowPlaying room={room} />
      <RoomExitNotice onRejoin={onRejoin} />
      {live === 'live' ? (
        <RoomChat roomid={room.roomid} />
      ) : (
        live === 'joining' && <Spinner label={roomPageMessages.joining} />
      )}
    </article>
  );
}

/** In place of the room, on the page that popped it out: where it plays, and the way back. */
export function PoppedOut({ place, onReturn }: { place: 'mini' | 'full'; onReturn: () => void }) {
  return (
    <section className="popped-out" aria-label={roomPageMessages.miniplayer}>
      <p>{place === 'mini' ? roomPageMessages.poppedOut : roomPageMessages.openElsewhere}</p>
      <button type="button" className="button button--primary" onClick={onReturn}>
        {roomPageMessages.bringBack}
      </button>
    </section>
  );
}
