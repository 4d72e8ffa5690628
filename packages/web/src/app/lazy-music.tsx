/**
 * My music (features/library), fetched only when it is first shown: in a room
 * (beside the chat) or as the /music modal over the lobby. The lobby's own code
 * carries none of it.
 */
import { lazy, Suspense } from 'react';
import { libraryPanelMessages } from '@platter/contract';
import { Spinner } from '../ui/spinner';
import { ModalLoading } from '../ui/modal-loading';
import type { ModalScreenProps } from './modal-routes';

const Panel = lazy(() => import('../features/library').then((library) => ({ default: library.MusicPanel })));
const Modal = lazy(() => import('../features/library').then((library) => ({ default: library.MusicModal })));

export function LazyMusicPanel() {
  return (
    <Suspense fallback={<Spinner label={libraryPanelMessages.opening} />}>
      <Panel />
    </Suspense>
  );
}

export function LazyMusicModal(props: ModalScreenProps) {
  return (
    <Suspense fallback={<ModalLoading {...props} />}>
      <Modal {...props} />
    </Suspense>
  );
}
