/**
 * The room's header: its name and theme (description), how many are listening
 * now and how many DJs of max_djs, a favorite toggle for members, a share link,
 * and the way back to the lobby.
 */
import { roomPageMessages, type RoomDetails } from '@platter/contract';
import { errorText } from '../../api/client';
import { roomPath } from '../../lib/room-path';
import { useAlerts } from '../../ui/alerts';
import { LobbyLink } from '../../ui/lobby-link';
import { stillFocusable } from '../../ui/still-focusable';
import { shareRoom } from './share-room';
import { useFavorite } from './use-favorite';

interface RoomHeaderProps {
  room: RoomDetails;
  listeners: number;
  djs: number;
  /** Opens the room in the miniplayer window; absent while it is popped out. */
  onPopOut?: (() => void) | undefined;
}

export function RoomHeader({ room, listeners, djs, onPopOut }: RoomHeaderProps) {
  return (
    <header className="room-header">
      <div className="room-header__titles">
        <h1 className="room-header__name">{room.name}</h1>
        {room.description && <p className="room-header__theme">{room.description}</p>}
        <p className="room-header__counts">
          <span>
            <strong data-testid="room-listeners">{listeners}</strong> {listeners === 1 ? 'listener' : 'listeners'}
          </span>
          <span>
            <strong>{djs}</strong>/{room.metadata.max_djs} DJs
          </span>
        </p>
      </div>
      <div className="room-header__actions">
        <FavoriteToggle roomid={room.roomid} />
        <ShareButton room={room} />
        {onPopOut && (
          <button type="button" className="button room-header__popout" onClick={onPopOut}>
            {roomPageMessages.miniplayer}
          </button>
        )}
        <LobbyLink
          className="room-header__lobby"
          full={roomPageMessages.backToLobby}
          short={roomPageMessages.lobbyShort}
        />
      </div>
    </header>
  );
}

function FavoriteToggle({ roomid }: { roomid: string }) {
  const { available, known, favorite, toggle } = useFavorite(roomid);
  const { showAlert } = useAlerts();
  if (!available) return null;
  const change = () =>
    toggle.mutate(!favorite, {
      onSuccess: () =>
        showAlert(favorite ? roomPageMessages.favoriteRemoved : roomPageMessages.favoriteAdded, { kind: 'success' }),
      onError: (error) => showAlert(errorText(error), { kind: 'error' }),
    });
  return (
    <button
      type="button"
      className={`button room-header__favorite${favorite ? ' is-on' : ''}`}
      aria-pressed={favorite}
      {...stillFocusable(!known || toggle.isPending, change)}
    >
      <span aria-hidden="true">{favorite ? '★' : '☆'}</span> {roomPageMessages.favorite}
    </button>
  );
}

function ShareButton({ room }: { room: RoomDetails }) {
  const { showAlert } = useAlerts();
  const url = `${window.location.origin}${roomPath(room) ?? '/'}`;
  const share = async () => {
    const outcome = await shareRoom(room.name, url);
    if (outcome === 'copied') showAlert(roomPageMessages.linkCopied(url), { kind: 'success' });
    if (outcome === 'failed') showAlert(roomPageMessages.copyLink(url), { kind: 'info', durationMs: 10_000 });
  };
  return (
    <button type="button" className="button room-header__share" onClick={() => void share()}>
      <svg className="room-header__icon" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
        <path
          d="M10 2h4v4M14 2 7.5 8.5M12 9.5V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {roomPageMessages.share}
    </button>
  );
}
