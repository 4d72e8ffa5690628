/**
 * The custom avatar maker (spec §6, for the 40,000-point tier): head, body
 * and screen print, each cycling through 1 to 32 with previous and next, a
 * live preview stacked from the server's layers, and Save
 * (user.set_custom_avatar).
 */
import { useState } from 'react';
import {
  CUSTOM_PARTS,
  customAvatarLayerUrl,
  customLayerFile,
  type AvailableAvatars,
  type CustomAvatarParts,
  type CustomPart,
} from '@platter/contract';
import { sorryText } from '../../lib/sorry';
import { useAlerts } from '../../ui/alerts';
import { PART_COUNT, cyclePart, startingParts } from './picker-rules';
import { useSetCustomAvatar } from './use-avatars';
import { stillFocusable } from '../../ui/still-focusable';

const PART_LABELS: Record<CustomPart, string> = { head: 'Head', body: 'Body', screen: 'Screen print' };

export function CustomAvatarMaker({ available, onDone }: { available: AvailableAvatars; onDone: () => void }) {
  const [parts, setParts] = useState<CustomAvatarParts>(() => startingParts(available));
  const save = useSetCustomAvatar();
  const { showAlert } = useAlerts();

  const step = (part: CustomPart, by: 1 | -1) =>
    setParts((current) => ({ ...current, [part]: cyclePart(current[part], by) }));

  const submit = () =>
    save.mutate(parts, {
      onSuccess: () => {
        showAlert('Your custom avatar has been saved.', { kind: 'success' });
        onDone();
      },
      onError: (error) => showAlert(sorryText(error.message), { kind: 'error' }),
    });

  const layer = (part: CustomPart) => customAvatarLayerUrl(customLayerFile(part, parts[part]));

  return (
    <div className="avatar-maker">
      <div
        className="avatar-maker__preview"
        role="img"
        aria-label={`Preview: head ${parts.head}, body ${parts.body}, screen print ${parts.screen}`}
      >
        {/* Stacked as the room stacks them: body, then the print on the shirt, then the head. */}
        <img src={layer('body')} alt="" width={180} height={240} />
        <img src={layer('screen')} alt="" width={180} height={240} />
        <img src={layer('head')} alt="" width={180} height={240} />
      </div>
      <div className="avatar-maker__controls">
        <h3 className="avatar-maker__title">Make your own avatar</h3>
        <p className="avatar-maker__lede">Mix any head with any body and shirt print. Hall of Fame DJs only.</p>
        {CUSTOM_PARTS.map((part) => (
          <div key={part} className="avatar-maker__part" role="group" aria-label={PART_LABELS[part]}>
            <button
              type="button"
              className="avatar-maker__step"
              aria-label={`Previous ${PART_LABELS[part].toLowerCase()}`}
              onClick={() => step(part, -1)}
            >
              ‹
            </button>
            <span className="avatar-maker__value" aria-live="polite">
              <span className="avatar-maker__part-name">{PART_LABELS[part]}</span>
              <span className="avatar-maker__count">
                {parts[part]} of {PART_COUNT}
              </span>
            </span>
            <button
              type="button"
              className="avatar-maker__step"
              aria-label={`Next ${PART_LABELS[part].toLowerCase()}`}
              onClick={() => step(part, 1)}
            >
              ›
            </button>
          </div>
        ))}
        <div className="form-actions">
          <button type="button" className="button button--primary" {...stillFocusable(save.isPending, submit)}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button" onClick={onDone}>
            Back to avatars
          </button>
        </div>
      </div>
    </div>
  );
}
