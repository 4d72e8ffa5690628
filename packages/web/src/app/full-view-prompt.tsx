/**
 * Opening a modal page while in the miniplayer view asks the user to return
 * to full view (spec §2): OK and Cancel if the window can be resized,
 * otherwise an OK-only message asking the user to widen the window.
 * Cancelling or failing returns to the lobby home.
 */
import { useState } from 'react';
import { commonMessages, miniplayerMessages } from '@platter/contract';
import { canResizeWindow, growToFullView } from '../lib/miniplayer';
import { Modal } from '../ui/modal';
import { stillFocusable } from '../ui/still-focusable';

interface FullViewPromptProps {
  /** Full view, showing the modal page over the room. */
  onFullView: () => void;
  /** Back to the lobby home. */
  onLobby: () => void;
}

export function FullViewPrompt({ onFullView, onLobby }: FullViewPromptProps) {
  const [resizable] = useState(canResizeWindow);
  const [busy, setBusy] = useState(false);

  const ok = async () => {
    if (!resizable) return onLobby();
    setBusy(true);
    if (await growToFullView()) onFullView();
    else onLobby();
  };

  return (
    <Modal
      title={miniplayerMessages.fullView}
      onClose={onLobby}
      width={380}
      footer={
        <>
          {resizable && (
            <button type="button" className="button" onClick={onLobby}>
              {commonMessages.cancel}
            </button>
          )}
          <button type="button" className="button button--primary" {...stillFocusable(busy, () => void ok())}>
            {miniplayerMessages.ok}
          </button>
        </>
      }
    >
      <p>{resizable ? miniplayerMessages.returnToFullView : miniplayerMessages.widenWindow}</p>
    </Modal>
  );
}
