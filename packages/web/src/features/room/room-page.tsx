/**
 * The page at /{shortcut} (docs/room.md, "The room page"): the room's header,
 * the now-playing strip, the stage with its DJs and the crowd in front (the
 * waitlist and the room's rules under it, rules/), and the
 * chat beside them (below them on a phone). It joins the room over the socket
 * (live/room-store.ts) while it is shown. This module and everything under it is
 * loaded only when a room is opened (app/app-routes.tsx).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { roomMessages, roomPageMessages, type RoomDetails } from '@platter/contract';
import { ApiCallError, errorText } from '../../api/client';
import { Logo } from '../../ui/logo';
import { usePageTitle } from '../../ui/page-title';
import { SkipLink } from '../../ui/skip-link';
import { Spinner } from '../../ui/spinner';
import { player } from '../../live/player';
import { roomStore, useRoom } from '../../live/room-store';
import { isFramed } from '../../lib/framed';
import { isMiniView } from '../../lib/miniplayer';
import { offerTopbarSlot } from '../../lib/topbar-slot';
import { useCurrentUser } from '../../session/use-session';
import { NowPlaying } from './now-playing';
import { RoomChat } from './room-chat';
import { RoomSide, type RoomSideTab } from './room-side';
import { RoomHeader } from './room-header';
import { MiniRoom, PoppedOut } from './miniplayer';
import { usePoppedOut } from './use-popped-out';
import { RoomExitNotice, RoomTools } from './room-tools';
import { useStageStep } from './use-stage-step';
import { useStageOffer } from './rules/use-stage-offer';
import { WaitlistPanel } from './rules/waitlist-panel';
import { Stage } from './stage/stage';
import { ROOM_INFO_KEY, useRoomInfo } from './use-room-info';
import './room-page.css';
import './stage/stage.css';
import './moderation/moderation.css';
import './miniplayer.css';
import './now-playing.css';

interface RoomPageProps {
  /** The member's music (the library feature's panel, handed in by the app), shown beside the chat. */
  music?: ReactNode;
}

export default function RoomPage({ music }: RoomPageProps) {
  const { shortcut = '' } = useParams();
  const info = useRoomInfo(shortcut);
  const room = info.data?.room;
  // No such room, or an address that cannot name one (a NUL, too long): trying again would not help.
  const code = info.error instanceof ApiCallError ? info.error.code : undefined;
  const missing = code === 'not_found' || code === 'bad_request' || code === 'invalid';
  // Once joined, the name as it is now: a moderator may rename the room while it is open.
  const liveName = useRoom((state) => (room && state.snapshot?.roomid === room.roomid ? state.snapshot.name : null));
  usePageTitle(
    room ? (liveName ?? room.name) : missing ? roomPageMessages.notFoundTitle : roomPageMessages.loadingTitle,
  );
  const mini = isMiniView(useLocation().search);

  return (
    <div className={mini ? 'page page--mini' : 'page'}>
      {room && !mini && <SkipLink target="room-chat">{roomPageMessages.skipToChat}</SkipLink>}
      {/* The miniplayer has no bar: its own header offers the PM button's place. */}
      {!mini && (
        <header className="topbar">
          <Logo />
          {/* The PM button sits here (lib/topbar-slot), not over the stage or the chat. */}
          <div className="topbar__slot" ref={offerTopbarSlot} />
        </header>
      )}
      {/* One width from the first paint: loading, the room and a message (centred on its own) share it, so nothing moves when the room arrives. */}
      <main className="room-page">
        {room ? (
          <Room room={room} music={music} />
        ) : missing ? (
          <div className="room-page__message">
            <h1>{roomPageMessages.notFound}</h1>
            {/* The spec's broken-room alert (§8), then what the page knows: the room is not there. */}
            <p role="alert">{roomMessages.broken}</p>
            <p>{roomPageMessages.notFoundHint}</p>
            <Link className="button button--primary" to="/">
              {roomPageMessages.findRoom}
            </Link>
          </div>
        ) : info.isError ? (
          <div className="room-page__message" role="alert">
            <p>{errorText(info.error)}</p>
            <button type="button" className="button" onClick={() => void info.refetch()}>
              {roomPageMessages.tryAgain}
            </button>
          </div>
        ) : (
          <Spinner label={roomPageMessages.opening} />
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
    player.start();
    return roomStore.join(roomid);
  }, [roomid, hasSession, attempt]);
}

function Room({ room: asLoaded, music }: { room: RoomDetails; music: ReactNode }) {
  // "Try again" after being let go (booted, opened elsewhere) joins once more.
  const [attempt, setAttempt] = useState(0);
  // Beside the stage: the chat, or (members) their music.
  const [side, setSide] = useState<RoomSideTab>('chat');
  useLiveRoom(asLoaded.roomid, attempt);
  const live = useRoom((state) => (state.snapshot?.roomid === asLoaded.roomid ? state.status : 'idle'));
  const refused = useRoom((state) => (state.status === 'refused' ? state.error : null));
  // Let go (booted, banned, opened elsewhere): the page no longer follows the room, so it shows the
  // room as the server has it now, read again, not as it was when the page left it.
  const letGo = live === 'exited' || refused !== null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (letGo) void queryClient.invalidateQueries({ queryKey: [ROOM_INFO_KEY] });
  }, [letGo, queryClient]);
  // The room as it is now once joined (a moderator may change its settings), else as loaded.
  const liveRoom = useRoom((state) => (state.snapshot?.roomid === asLoaded.roomid ? state.snapshot : null));
  const room = (!letGo && liveRoom) || asLoaded;
  const member = useCurrentUser()?.registered === true;
  const stageStep = useStageStep(room.roomid);
  const offer = useStageOffer(room);
  const listeners = useRoom((state) => state.users.length);
  const djs = useRoom((state) => state.djids.length);
  const mini = isMiniView(useLocation().search);
  const poppedOut = usePoppedOut(room);
  const { metadata } = room;
  if (mini) return <MiniRoom room={room} onRejoin={() => setAttempt((n) => n + 1)} />;

  return (
    <article className="room" data-testid="room" data-roomid={room.roomid}>
      <RoomHeader
        room={room}
        listeners={live === 'live' ? listeners : metadata.listeners}
        djs={live === 'live' ? djs : metadata.djcount}
        onPopOut={poppedOut.place || letGo ? undefined : poppedOut.popOut}
      />
      {poppedOut.place ? (
        <PoppedOut place={poppedOut.place} onReturn={poppedOut.bringBack} />
      ) : (
        <div className="room__layout">
          <div className="room__floor">
            <NowPlaying room={room} />
            <RoomExitNotice onRejoin={() => setAttempt((n) => n + 1)} />
            {live === 'live' ? (
              <>
                <RoomTools
                  room={room}
                  stage={stageStep}
                  offer={offer}
                  onMyMusic={music ? () => setSide('music') : undefined}
                />
                <Stage room={room} onStepUp={offer.kind === 'step_up' ? () => stageStep.step(true) : undefined} />
                <WaitlistPanel room={room} />
              </>
            ) : live === 'exited' || refused !== null ? null : (
              <Spinner label={roomPageMessages.joining} />
            )}
          </div>
          <aside className="room__chat">
            {live !== 'live' ? null : member && music ? (
              <RoomSide roomid={room.roomid} music={music} tab={side} onTab={setSide} />
            ) : (
              <RoomChat roomid={room.roomid} />
            )}
          </aside>
        </div>
      )}
    </article>
  );
}
