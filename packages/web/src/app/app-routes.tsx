/**
 * The background-location pattern: page routes render the page behind, and
 * when the address is a modal route that modal opens over it. Loaded
 * directly, a modal route opens over the lobby.
 */
import { roomPageMessages } from '@platter/contract';
import { lazy, Suspense } from 'react';
import { matchRoutes, Route, Routes, useLocation, useNavigate, type Location } from 'react-router';
import { LobbyPage } from '../features/lobby/lobby-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import type { BackgroundState } from '../ui/modal-link';
import { contentPageRoutes } from './content-pages';
import { modalRoutes } from './modal-routes';
import { LobbyHeadband, RightColumn, useHeadbandsSettled } from './right-column';
import { Spinner } from '../ui/spinner';
import { isMiniView } from '../lib/miniplayer';
import { FullViewPrompt } from './full-view-prompt';
import { LazyMusicPanel } from './lazy-music';
import { ModalLoading } from '../ui/modal-loading';

// The room (its stage, renderers and chat) is fetched only when a room is opened: the lobby stays as light as it was.
const RoomPage = lazy(() => import('../features/room/room-page'));

const modalMatchTable = modalRoutes.map((route) => ({ path: `/${route.path}` }));

const lobbyLocation: Partial<Location> = { pathname: '/', search: '', hash: '' };

function Lobby({ modalOpen }: { modalOpen: boolean }) {
  return (
    <LobbyPage
      headband={<LobbyHeadband />}
      headbandSettled={useHeadbandsSettled()}
      aside={<RightColumn modalOpen={modalOpen} />}
    />
  );
}

export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const isModal = matchRoutes(modalMatchTable, location) !== null;
  // A modal opened from a modal that was itself loaded directly records that modal as its
  // background; the page behind both is then the lobby.
  const stated = (location.state as BackgroundState | null)?.backgroundLocation;
  const background =
    stated && matchRoutes(modalMatchTable, stated) === null ? stated : isModal ? lobbyLocation : undefined;

  // Opened in the page: going back returns to the page behind as it was, and Forward reopens the modal.
  // Loaded directly: there is nothing of ours to go back to, so the page behind opens.
  const depth = (location.state as BackgroundState | null)?.modalDepth ?? 0;
  const close = () =>
    stated && depth > 0
      ? navigate(-depth)
      : navigate(background ? `${background.pathname ?? '/'}${background.search ?? ''}` : '/');

  return (
    <>
      <Routes location={background ?? location}>
        <Route path="/" element={<Lobby modalOpen={isModal} />} />
        {contentPageRoutes.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
        {/* A room's address is /{shortcut or roomid} (spec §2): any other one-segment path; longer ones are not rooms. */}
        <Route
          path="/:shortcut"
          element={
            <Suspense fallback={<Spinner label={roomPageMessages.opening} />}>
              <RoomPage music={<LazyMusicPanel />} />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {isModal && background && isMiniView(background.search) ? (
        // A modal page asked for from the miniplayer: first back to full view (or to the lobby).
        <FullViewPrompt
          onFullView={() =>
            navigate(location, {
              replace: true,
              // Over the room in full view; closing the modal then goes to the room, not back to the miniplayer.
              state: {
                backgroundLocation: { ...background, search: '' } as Location,
                modalDepth: 0,
              } satisfies BackgroundState,
            })
          }
          onLobby={() => navigate('/', { replace: true })}
        />
      ) : (
        isModal && (
          // A screen's code may still be on its way: the modal shows at once, with a spinner.
          <Suspense fallback={<ModalLoading onClose={close} />}>
            <Routes>
              {modalRoutes.map((route) => (
                <Route key={route.path} path={route.path} element={route.render({ onClose: close })} />
              ))}
            </Routes>
          </Suspense>
        )
      )}
    </>
  );
}
