/**
 * A modal page over the lobby. It fades in when shown and out when closed
 * (spec §4 Modals; 400 ms, §9); moving to the next modal swaps the box while
 * the shade stays. It holds the keyboard while open (ui/held-focus.ts), the
 * focus starting on its first field, else its title. Its
 * title row and its footer are plain blocks, not <header>/<footer>: inside a
 * dialog those would be a second banner and contentinfo landmark.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { commonMessages, MODAL_TRANSITION_MS } from '@platter/contract';
import { useHeldFocus } from './held-focus';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  width?: number;
  footer?: ReactNode;
  children: ReactNode;
}

export function Modal({ title, onClose, width = 460, footer, children }: ModalProps) {
  const [closing, setClosing] = useState(false);
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  const close = () => {
    if (closing) return;
    setClosing(true);
    window.setTimeout(onClose, MODAL_TRANSITION_MS);
  };

  // The focus starts on the first field or button, else on the title: always in the dialog, even
  // while it only says "Loading…" (ui/modal-loading.tsx) or its data is still coming.
  useHeldFocus(box, true, {
    onEscape: close,
    first: () => {
      const dialog = box.current;
      const field = dialog?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal__close)');
      return field ?? dialog?.querySelector<HTMLElement>('.modal__title');
    },
  });

  return (
    <div
      className={`modal-shade${closing ? ' is-closing' : ''}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={box}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ maxWidth: width }}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title" tabIndex={-1}>
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={commonMessages.close} onClick={close}>
            ×
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>
  );
}
