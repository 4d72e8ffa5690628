/**
 * The Graphics modal (spec §2: /graphics): on/off toggles for Zoom, Animation
 * and WebGL. A change shows at once (app/preferences-effect.tsx sets the
 * page's attributes from the preferences) and is saved with user.modify;
 * changing WebGL while in a room reloads to the base URL. When WebGL is on but
 * the stage is drawn without it (software WebGL, none, a failure, slow frames:
 * lib/stage-drawing.ts), the WebGL toggle says why in a sentence.
 */
import { useId } from 'react';
import { useLocation } from 'react-router';
import { stageDrawingMessages } from '@platter/contract';
import { errorText } from '../../api/client';
import { useStageFallback } from '../../lib/stage-drawing';
import { usePreferences, useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { Modal } from '../../ui/modal';
import type { BackgroundState } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { GRAPHICS_TOGGLES, isOn, isRoomPage, type GraphicsToggle } from './graphics-settings';
import { useGraphicsPreference } from './use-graphics';

const TITLE = 'Graphics';

export function GraphicsModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const preferences = usePreferences();
  const change = useGraphicsPreference();
  const { showAlert } = useAlerts();
  const location = useLocation();
  const fallback = useStageFallback();
  const behind = (location.state as BackgroundState | null)?.backgroundLocation?.pathname ?? '/';

  const toggle = ({ preference }: GraphicsToggle, on: boolean) => {
    change.mutate(
      { preference, disabled: !on },
      {
        onSuccess: () => {
          // A room picks its renderer when it starts: it starts again from the base URL.
          if (preference === 'disable_webgl' && isRoomPage(behind)) window.location.assign('/');
        },
        onError: (error) => showAlert(errorText(error), { kind: 'error' }),
      },
    );
  };

  const data = preferences.data;
  return (
    <Modal title={TITLE} onClose={onClose} width={460}>
      {data ? (
        <div className="graphics">
          <p className="graphics__intro">Choose how much the page moves and draws. Changes apply at once.</p>
          <ul className="graphics__toggles">
            {GRAPHICS_TOGGLES.map((item) => (
              <GraphicsSwitch
                key={item.preference}
                item={item}
                on={isOn(data, item.preference)}
                note={
                  item.preference === 'disable_webgl' && !data.disable_webgl && fallback
                    ? stageDrawingMessages[fallback]
                    : null
                }
                onChange={toggle}
              />
            ))}
          </ul>
          <div className="form-actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      ) : preferences.isError || session.isError ? (
        <p className="form-error" role="alert">
          {preferences.error ? errorText(preferences.error) : "Sorry, we couldn't reach the server."}
        </p>
      ) : (
        <Spinner label="Loading your preferences…" />
      )}
    </Modal>
  );
}

interface GraphicsSwitchProps {
  item: GraphicsToggle;
  on: boolean;
  /** Why the setting is on yet not in effect on this device, or null. */
  note: string | null;
  onChange: (item: GraphicsToggle, on: boolean) => void;
}

function GraphicsSwitch({ item, on, note, onChange }: GraphicsSwitchProps) {
  const ids = { label: useId(), description: useId(), note: useId() };
  return (
    <li className="graphics__toggle">
      <div className="graphics__text">
        <span id={ids.label} className="graphics__label">
          {item.label}
        </span>
        <span id={ids.description} className="graphics__description">
          {item.description}
        </span>
        {note && (
          <span id={ids.note} className="graphics__note">
            {note}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-labelledby={ids.label}
        aria-describedby={note ? `${ids.description} ${ids.note}` : ids.description}
        onClick={() => onChange(item, !on)}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="switch__state" aria-hidden="true">
          {on ? 'On' : 'Off'}
        </span>
      </button>
    </li>
  );
}
