/**
 * One room of the list (spec §2): its current song (cover art, artist, song),
 * listeners and DJs, the friends in it (up to 3 icons plus '+N more'), and a
 * mark on the room you are in. Picking it is a full page load of the room.
 */
import type { MouseEvent } from 'react';
import {
  FRIEND_ICONS_PER_TILE,
  lobbyMessages,
  roomMessages,
  roomMusicMessages,
  type DirectoryRoom,
} from '@platter/contract';
import { roomPath } from '../../lib/room-path';
import { useAlerts } from '../../ui/alerts';
import { Avatar } from '../../ui/avatar';
import { CoverArt } from '../../ui/cover-art';

export function RoomTile({ room }: { room: DirectoryRoom }) {
  const { showAlert } = useAlerts();
  const path = roomPath(room);
  const className = `room-tile${room.current ? ' is-current' : ''}`;

  if (!path) {
    return (
      <button type="button" className={className} onClick={() => showAlert(roomMessages.broken, { kind: 'error' })}>
        <RoomTileContent room={room} />
      </button>
    );
  }

  const pick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle click) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.location.assign(path);
  };

  return (
    <a className={className} href={path} onClick={pick}>
      <RoomTileContent room={room} />
    </a>
  );
}

function RoomTileContent({ room }: { room: DirectoryRoom }) {
  const { metadata } = room;
  const song = metadata.current_song;
  return (
    <>
      <span className="room-tile__top">
        <CoverArt src={song?.coverart} size={72} className="room-tile__cover" lazy />
        <span className="room-tile__text">
          {(room.current || metadata.featured) && (
            <span className="room-tile__tags">
              {room.current && <span className="room-tile__tag room-tile__tag--current">You're here</span>}
              {metadata.featured && <span className="room-tile__tag">Featured</span>}
            </span>
          )}
          <span className="room-tile__name">{room.name}</span>
          {song ? (
            <span className="room-tile__song">
              <span className="room-tile__artist">{song.artist}</span>
              <span className="room-tile__title">{song.song}</span>
            </span>
          ) : (
            <span className="room-tile__song room-tile__song--none">{roomMusicMessages.nothingPlaying}</span>
          )}
        </span>
      </span>
      <span className="room-tile__bottom">
        <span className="room-tile__stats">
          <span className="room-tile__stat" title={lobbyMessages.listenersTitle}>
            <HeadphonesIcon />
            {lobbyMessages.listeners(metadata.listeners)}
          </span>
          <span className="room-tile__stat" title={lobbyMessages.djsTitle}>
            <DeckIcon />
            {lobbyMessages.djs(metadata.djcount, metadata.max_djs)}
          </span>
        </span>
        <FriendIcons friends={room.friends} />
      </span>
    </>
  );
}

function FriendIcons({ friends }: { friends: DirectoryRoom['friends'] }) {
  if (friends.length === 0) return null;
  const shown = friends.slice(0, FRIEND_ICONS_PER_TILE);
  const more = friends.length - shown.length;
  const names = friends.map((friend) => friend.name).join(', ');
  return (
    <span className="room-tile__friends" title={names}>
      <span className="visually-hidden">{lobbyMessages.friendsHere(names)}</span>
      {shown.map((friend) => (
        <Avatar
          key={friend.userid}
          className={`room-tile__friend${friend.subscription_level > 0 ? ' room-tile__friend--gold' : ''}`}
          src={friend.icon}
          name={friend.name}
          size={26}
        />
      ))}
      {more > 0 && (
        <span className="room-tile__more" aria-hidden="true">
          {lobbyMessages.moreFriends(more)}
        </span>
      )}
    </span>
  );
}

function HeadphonesIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="15" height="15" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 3a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h1a1 1 0 0 0 1-1v-6a1 1 0 0 0-1-1H5v-1a7 7 0 0 1 14 0v1h-2a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h1a3 3 0 0 0 3-3v-6a9 9 0 0 0-9-9Z"
      />
    </svg>
  );
}

function DeckIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="15" height="15" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 6a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 3a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
      />
    </svg>
  );
}
