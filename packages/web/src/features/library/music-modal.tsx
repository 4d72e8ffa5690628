/** My music as a modal route (/music), opened from the lobby (and over any page). */
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { MusicPanel } from './music-panel';

export function MusicModal({ onClose }: { onClose: () => void }) {
  usePageTitle('My music');
  return (
    <Modal title="My music" onClose={onClose} width={640}>
      <MusicPanel />
    </Modal>
  );
}
