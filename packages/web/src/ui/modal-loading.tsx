import { commonMessages } from '@platter/contract';
import { Modal } from './modal';
import { Spinner } from './spinner';

/** What a modal route shows while its screen's code arrives: the modal itself, at once, with a spinner. */
export function ModalLoading({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={commonMessages.loading} onClose={onClose}>
      <Spinner />
    </Modal>
  );
}
