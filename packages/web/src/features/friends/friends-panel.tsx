/**
 * The friends panel (spec §2): the rooms where the member's buddies are, in
 * the server's order (most friends first), each with its buddies' icons in
 * rows of five. Picking a room is a full page load of its address.
 */
import { GoldEmblem } from '../../ui/gold-emblem';
import { useId, type CSSProperties, type MouseEvent } from 'react';
import { BUDDY_ROW_SIZE, roomMessages, roomMusicMessages, type Buddy, type Room } from '@platter/contract';
import { useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { Avatar } from '../../ui/avatar';
import { ModalLink } from '../../ui/modal-link';
import { Spinner } from '../../ui/spinner';
import { roomPath } from '../../lib/room-path';
import { useDirectoryGraph } from './use-directory-graph';
import { CoverArt } from '../../ui/cover-art';

export const NO_FRIENDS_ONLINE = 'No Friends are online.';

export function FriendsPanel() {
  const headingId = useId();
  const session = useSession();
  const user = session.data;
  const { query } = useDirectoryGraph(user);
  const rooms = query.data?.rooms ?? [];
  const buddyCount = rooms.reduce((sum, [, buddies]) => sum + buddies.length, 0);

  return (
    <section className="aside-panel friends" aria-labelledby={headingId}>
      <h2 id={headingId} className="aside-panel__title">
        Friends
        {buddyCount > 0 && (
          <>
            <span className="aside-panel__count" aria-hidden="true">
              {buddyCount}
            </span>
            <span className="visually-hidden">, {buddyCount} online</span>
          </>
        )}
      </h2>
      {session.isLoading || query.isLoading ? (
        <Spinner label="Looking for your friends…" />
      ) : rooms.length > 0 ? (
        <ul className="friends__rooms">
          {rooms.map(([room, buddies]) => (
            <FriendRoom key={room.roomid} room={room} buddies={buddies} />
          ))}
        </ul>
      ) : (
        <div className="friends__empty">
          <p className="friends__none">{NO_FRIENDS_ONLINE}</p>
          {query.isError && !query.data ? (
            <p className="aside-panel__quiet" role="status">
              We couldn't check just now; we'll try again shortly.
            </p>
          ) : (
            <p className="aside-panel__quiet">
              {user?.registered
                ? "Become a fan of DJs you like, and you'll see here which rooms they're in."
                : 'Sign up to become a fan of DJs and see which rooms they are in.'}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function FriendRoom({ room, buddies }: { room: Room; buddies: Buddy[] }) {
  const { showAlert } = useAlerts();
  const path = roomPath(room);
  const song = room.metadata.current_song;

  // Spec §2: a room with neither id nor shortcut is broken; say so rather than go nowhere.
  const guard = (event: MouseEvent) => {
    if (path) return;
    event.preventDefault();
    showAlert(roomMessages.broken, { kind: 'error' });
  };

  return (
    <li className="friend-room">
      {/* A plain anchor on purpose: entering a room is a full page load. */}
      <a className="friend-room__name" href={path ?? '/'} onClick={guard}>
        {room.name}
      </a>
      <p className="friend-room__meta">
        {song ? (
          <span className="friend-room__song" title={songLine(song)}>
            <CoverArt src={song.coverart} size={20} className="friend-room__cover" />
            <span className="friend-room__song-name">{songLine(song)}</span>
          </span>
        ) : (
          <span>{roomMusicMessages.nothingPlaying}</span>
        )}
        <span className="friend-room__listeners">
          {room.metadata.listeners} {room.metadata.listeners === 1 ? 'listener' : 'listeners'}
        </span>
      </p>
      <ul
        className="buddy-grid"
        aria-label={`Friends in ${room.name}`}
        style={{ '--buddy-row': BUDDY_ROW_SIZE } as CSSProperties}
      >
        {buddies.map((buddy) => (
          <li key={buddy.userid} className="buddy-grid__item">
            <ModalLink
              to={`/profile/${encodeURIComponent(buddy.userid)}`}
              className="buddy"
              title={buddy.name}
              aria-label={buddy.name}
            >
              <Avatar src={buddy.icon} name={buddy.name} size={36} className="buddy__icon" />
              <GoldEmblem level={buddy.subscription_level} compact className="buddy__gold" />
            </ModalLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** "Artist – Song", or the song alone when its artist is not known (no dash before it). */
export function songLine(song: { artist: string; song: string }): string {
  return song.artist.trim() ? `${song.artist} – ${song.song}` : song.song;
}
