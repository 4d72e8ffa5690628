/**
 * The page at /{shortcut}. The room itself (stage, chat, playback) is not
 * built yet; until it is, this page says so plainly and shows what the room
 * is: its name, description, listeners, DJs and current song, and — joined
 * over the socket (live/room-store.ts) — who is in it now.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RoomDetails, RoomUser } from '@platter/contract';
import { ApiCallError, errorText } from '../../api/client';
import { CoverArt } from '../../ui/cover-art';
import { Logo } from '../../ui/logo';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { Avatar } from '../../ui/avatar';
import { ModalLink } from '../../ui/modal-link';
import { roomStore, useRoom } from '../../live/room-store';
import { isFramed } from '../../lib/framed';
import { useCurrentUser } from '../../session/use-session';
import { RoomChat } from './room-chat';
import { RoomExitNotice, RoomTools } from './room-tools';
import { useRoomInfo } from './use-room-info';

export function RoomPage() {
  const { shortcut = '' } = useParams();
  const info = useRoomInfo(shortcut);
  const room = info.data?.room;
  const missing = info.error instanceof ApiCallError && info.error.code === 'not_found';
  usePageTitle(room ? room.name : missing ? 'room not found' : 'loading the room');

  return (
    <div className="page">
      <header className="topbar">
        <Logo />
      </header>
      <main className="room-page">
        {room ? (
          <RoomSummary room={room} />
        ) : missing ? (
          <div className="room-page__message">
            <h1>We couldn't find that room.</h1>
            <p>It may have closed, or the link may be mistyped. There are plenty of others to join in the lobby.</p>
            <Link className="button button--primary" to="/">
              Find a room
            </Link>
          </div>
        ) : info.isError ? (
          <div className="room-page__message" role="alert">
            <p>{errorText(info.error)}</p>
            <button type="button" className="button" onClick={() => void info.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <Spinner label="Opening the room…" />
        )}
      </main>
    </div>
  );
}

/** Joins the room over the socket while the page shows it (and the page has a session). */
function useLiveRoom(roomid: string | undefined, attempt: number) {
  const hasSession = useCurrentUser() !== undefined;
  useEffect(() => {
    if (!roomid || !hasSession || isFramed()) return;
    return roomStore.join(roomid);
  }, [roomid, hasSession, attempt]);
}

function RoomSummary({ room: asLoaded }: { room: RoomDetails }) {
  const [attempt, setAttempt] = useState(0);
  useLiveRoom(asLoaded.roomid, attempt);
  // The live room's settings once joined (a moderator may change them), else as loaded.
  const liveRoom = useRoom((state) => (state.snapshot?.roomid === asLoaded.roomid ? state.snapshot : null));
  const room = liveRoom ?? asLoaded;
  const live = useRoom((state) => (state.snapshot?.roomid === room.roomid ? state.status : 'idle'));
  const users = useRoom((state) => state.users);
  const { metadata } = room;
  const song = metadata.current_song;
  const listeners = live === 'live' ? users.length : metadata.listeners;
  return (
    <article className="room-card">
      <CoverArt src={song?.coverart} size={160} className="room-card__cover" />
      <div className="room-card__body">
        <h1 className="room-card__name">{room.name}</h1>
        {room.description && <p className="room-card__description">{room.description}</p>}
        <dl className="room-card__facts">
          <div>
            <dt>Listeners</dt>
            <dd data-testid="room-listeners">{listeners}</dd>
          </div>
          <div>
            <dt>DJs</dt>
            <dd>
              {metadata.djcount}/{metadata.max_djs}
            </dd>
          </div>
          <div className="room-card__now">
            <dt>Now playing</dt>
            <dd>{song ? `${song.artist} – ${song.song}` : 'No song playing'}</dd>
          </div>
        </dl>
        <RoomExitNotice onRejoin={() => setAttempt((n) => n + 1)} />
        {live === 'live' && <RoomTools room={room} />}
        {live === 'live' && <PeopleHere users={users} />}
        {live === 'live' && <RoomChat roomid={room.roomid} />}
        <p className="room-card__soon">
          The stage, with its DJs and playback, is coming in an upcoming release. Until then, this page shows what's
          playing, who is here, and the room's chat.
        </p>
        <Link className="button button--primary" to="/">
          Back to the lobby
        </Link>
      </div>
    </article>
  );
}

/** Who is in the room now, live: each member's avatar and name open their profile over the room; guests are counted. */
function PeopleHere({ users }: { users: readonly RoomUser[] }) {
  const members = users.filter((user) => user.name !== null);
  const guests = users.length - members.length;
  return (
    <section className="room-people" aria-label="In the room now">
      <h2 className="room-people__title">In the room now</h2>
      <ul className="room-people__list">
        {members.map((user) => (
          <li key={user.userid}>
            <ModalLink className="room-people__member" to={`/profile/${user.userid}`}>
              <Avatar src={user.images.headfront} name={user.name} size={36} />
              <span>{user.name}</span>
            </ModalLink>
          </li>
        ))}
      </ul>
      {guests > 0 && (
        <p className="room-people__guests">
          {members.length > 0 ? 'and ' : ''}
          {guests === 1 ? 'one guest' : `${guests} guests`}
        </p>
      )}
    </section>
  );
}
