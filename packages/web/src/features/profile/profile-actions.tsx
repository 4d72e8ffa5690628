/**
 * The viewer's buttons on a profile (spec §2, §4 Fan state, §8): Fan, which
 * reads Fanned once fanned and Unfan under the pointer; Ignore User, which
 * reads Unignore User while ignored. Neither works on oneself. Send a message
 * opens the PM panel on the member (docs/pm.md).
 */
import { useState } from 'react';
import {
  accountMessages,
  pmDockMessages,
  profileMessages,
  profileViewMessages as say,
  type Profile,
} from '@platter/contract';
import { errorText } from '../../api/client';
import { openPrivateChat } from '../../lib/private-chat';
import { useAlerts } from '../../ui/alerts';
import { useFanning, useIgnoring } from './use-profile';

interface ActionProps {
  profile: Profile;
  self: boolean;
}

export function FanButton({ profile, self }: ActionProps) {
  const fanning = useFanning(profile.userid);
  const { showAlert } = useAlerts();
  const [pointed, setPointed] = useState(false);
  // Just pressed: the pointer is still on the button, but it should say what happened
  // ("Fanned") until the pointer leaves, not offer to undo it at once.
  const [justPressed, setJustPressed] = useState(false);
  const fanned = profile.fanned;
  const label = fanned ? (pointed && !justPressed ? say.unfan : say.fanned) : say.fan;

  const press = () => {
    if (fanning.isPending) return;
    setJustPressed(true);
    const fan = !fanned;
    fanning.mutate(fan, {
      onError: (error) => showAlert(fan ? errorText(error) : profileMessages.unfanFailed, { kind: 'error' }),
    });
  };
  const point = (on: boolean) => {
    setPointed(on);
    if (!on) setJustPressed(false);
  };

  return (
    <button
      type="button"
      className={`button button--small fan-button${fanned ? ' is-fanned' : ''}`}
      disabled={self}
      aria-busy={fanning.isPending || undefined}
      title={self ? profileMessages.fanYourself : undefined}
      onClick={press}
      onPointerEnter={() => point(true)}
      onPointerLeave={() => point(false)}
      onFocus={() => point(true)}
      onBlur={() => point(false)}
    >
      {label}
    </button>
  );
}

export function IgnoreButton({ profile, self }: ActionProps) {
  const ignoring = useIgnoring(profile.userid);
  const { showAlert } = useAlerts();
  const ignored = profile.blocked;

  const press = () => {
    if (ignoring.isPending) return;
    ignoring.mutate(!ignored, {
      onSuccess: ({ unfanned, username }) => {
        if (unfanned) showAlert(profileMessages.noLongerFan(username || profile.name));
      },
      onError: (error) => showAlert(errorText(error), { kind: 'error' }),
    });
  };

  return (
    <button
      type="button"
      className={`button button--small ignore-button${ignored ? ' is-ignored' : ''}`}
      disabled={self}
      aria-busy={ignoring.isPending || undefined}
      title={self ? accountMessages.ignoreYourself : ignored ? undefined : say.ignoreHint}
      onClick={press}
    >
      {ignored ? say.unignore : say.ignore}
    </button>
  );
}

/** Opens the PM panel on this member; the profile closes, so the conversation is in view. */
export function MessageButton({ profile, onOpened }: { profile: Profile; onOpened: () => void }) {
  return (
    <button
      type="button"
      className="button button--small message-button"
      onClick={() => {
        openPrivateChat({ userid: profile.userid, name: profile.name, avatarid: profile.avatarid });
        onOpened();
      }}
    >
      {pmDockMessages.sendMessage}
    </button>
  );
}
