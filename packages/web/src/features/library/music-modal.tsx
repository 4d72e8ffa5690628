/** My music as a modal route (/music), opened from the lobby (and over any page). */
import { libraryPanelMessages } from '@platter/contract';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { MusicPanel } from './music-panel';

export function MusicModal({ onClose }: { onClose: () => void }) {
  usePageTitle(libraryPanelMessages.title);
  return (
    <Modal title={libraryPanelMessages.title} onClose={onClose} width={640}>
      <MusicPanel />
    </Modal>
  );
}
