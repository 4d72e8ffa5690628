/**
 * The lobby (spec §2): the headband, guests' banner and header across the
 * top; the room list in the main panel and the right column beside it (below
 * it on a narrow screen). The app fills the headband and right column slots.
 *
 * Nothing moves as it loads (docs/lobby.md: layout slots): the page shows only
 * a spinner until the session (which says whether the guests' banner shows)
 * and the headbands are known, then paints its top whole, once.
 */
import { ApiCallError, errorText } from '../../api/client';
import type { ReactNode } from 'react';
import { lobbyMessages } from '@platter/contract';
import { isFramed } from '../../lib/framed';
import { useSession } from '../../session/use-session';
import { usePageTitle } from '../../ui/page-title';
import { SkipLink } from '../../ui/skip-link';
import { Spinner } from '../../ui/spinner';
import { Header } from './header';
import { RoomList } from './room-list';
import { TopBanner } from './top-banner';

interface LobbyPageProps {
  headband?: ReactNode;
  /** Whether what fills the headband slot is known (no bar will arrive above the header later). */
  headbandSettled?: boolean;
  aside?: ReactNode;
}

export function LobbyPage({ headband, headbandSettled = true, aside }: LobbyPageProps) {
  usePageTitle(lobbyMessages.pageTitle);
  const session = useSession();
  const user = session.data;
  const topKnown = session.isError || isFramed() || (user !== undefined && headbandSettled);

  if (!topKnown) {
    return (
      <div className="page">
        <main className="lobby lobby__main">
          <Spinner label={lobbyMessages.gettingReady} />
        </main>
      </div>
    );
  }

  return (
    <div className="page">
      <SkipLink target="rooms">{lobbyMessages.skipToRooms}</SkipLink>
      {headband}
      {user && !user.registered && <TopBanner />}
      <Header user={user} />
      <div className={`lobby${aside ? ' lobby--with-aside' : ''}`}>
        <main id="rooms" className="lobby__main" tabIndex={-1}>
          {user ? (
            <RoomList user={user} />
          ) : session.isError ? (
            <div className="panel-message" role="alert">
              <p>
                {session.error instanceof ApiCallError && session.error.kind === 'api'
                  ? errorText(session.error)
                  : lobbyMessages.unreachable}
              </p>
            </div>
          ) : (
            <Spinner label={lobbyMessages.gettingReady} />
          )}
        </main>
        {aside && <aside className="lobby__aside">{aside}</aside>}
      </div>
    </div>
  );
}
