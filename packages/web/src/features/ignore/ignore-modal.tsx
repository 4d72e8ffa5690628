/**
 * Ignored Users (spec §2 Ignore modal, §4, §5): add someone by DJ name to
 * block their chat, see the list, remove them again. A blank name does
 * nothing; Enter adds; the error area clears itself a second after the name
 * box gains focus.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client';
import { useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { errorHider, REMOVE_FAILED } from './ignore-error';
import { useBlocks, useIgnoreUser, useUnignoreUser } from './use-blocks';
import { useInFlight } from '../../ui/use-in-flight';
import { stillFocusable, stillFocusableSubmit } from '../../ui/still-focusable';
import { useFocusHandOff } from '../../ui/focus-hand-off';

const TITLE = 'Ignored Users';

export function IgnoreModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const user = session.data;
  return (
    <Modal title={TITLE} onClose={onClose}>
      {user?.registered ? (
        <IgnoreList />
      ) : user ? (
        <MembersOnly reason="Sign up or log in to keep a list of people whose chat you'd rather not see." />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

function IgnoreList() {
  const blocks = useBlocks();
  const ignore = useIgnoreUser();
  const flight = useInFlight();
  const unignore = useUnignoreUser();
  const { showAlert } = useAlerts();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const ids = { input: useId(), description: useId(), error: useId() };
  const hider = useMemo(() => errorHider(() => setError(null)), []);
  useEffect(() => hider.cancel, [hider]);

  // A new error stays until the box is focused again: an older focus does not take it away.
  const showError = (message: string) => {
    hider.cancel();
    setError(message);
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted || !flight.start()) return;
    setError(null);
    ignore.mutate(wanted, {
      onSettled: flight.done,
      onSuccess: ({ username, unfanned }) => {
        setName('');
        // Spec §4 Fan state: ignoring a fan also unfans them.
        if (unfanned) showAlert(`${username} is no longer your fan.`);
      },
      onError: (failure) => showError(errorText(failure)),
    });
  };

  // The removed row takes its button along: the focus goes to the next row's, else the name box.
  const removed = useFocusHandOff(blocks.data?.length);
  const remove = (blockedid: string, index: number) => {
    removed(() => {
      const buttons = document.querySelectorAll<HTMLElement>('.ignore__entry button');
      return buttons[Math.min(index, buttons.length - 1)] ?? document.getElementById(ids.input);
    });
    setError(null);
    setRemoving(blockedid);
    unignore.mutate(blockedid, {
      onError: () => showError(REMOVE_FAILED),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <div className="ignore">
      <p id={ids.description} className="modal__lead">
        Someone bothering you? Add a user to this list to block their incoming chat messages.
      </p>
      <form className="ignore__add" onSubmit={add} noValidate>
        <label htmlFor={ids.input} className="visually-hidden">
          Username
        </label>
        <input
          id={ids.input}
          className="field__input ignore__input"
          name="username"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          placeholder="Enter a username..."
          aria-describedby={`${ids.description} ${ids.error}`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onFocus={() => {
            if (error) hider.focused();
          }}
        />
        <button type="submit" className="button button--primary" {...stillFocusableSubmit(ignore.isPending)}>
          {ignore.isPending ? 'Adding…' : 'Add user'}
        </button>
      </form>
      <div id={ids.error} className="ignore__error" role="alert">
        {error}
      </div>
      {blocks.isPending ? (
        <Spinner />
      ) : blocks.isError ? (
        <p className="form-error">{errorText(blocks.error)}</p>
      ) : blocks.data.length === 0 ? (
        <p className="ignore__empty">You're not ignoring anyone.</p>
      ) : (
        <ul className="ignore__list" aria-label="Ignored users">
          {blocks.data.map((entry, index) => (
            <li key={entry.blockedid} className="ignore__entry">
              <span className="ignore__name">{entry.username}</span>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${entry.username}`}
                {...stillFocusable(removing === entry.blockedid, () => remove(entry.blockedid, index))}
              >
                remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
