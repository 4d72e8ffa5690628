/**
 * An honest stand-in for a modal route whose screen has not been built yet:
 * the route exists, its title is right, and it says plainly what is missing.
 */
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';

export function ComingSoon({ title, onClose }: { title: string; onClose: () => void }) {
  usePageTitle(title);
  return (
    <Modal title={title} onClose={onClose}>
      <p className="coming-soon">This part of the app isn't built yet. It's on its way in an upcoming release.</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose}>
          Back to the lobby
        </button>
      </div>
    </Modal>
  );
}
