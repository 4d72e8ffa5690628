/**
 * Contact Settings (spec §2): the member's named checkbox preferences with
 * their labels (user.get_contact_prefs). Saving (user.edit_prefs) goes home
 * with 'Your preferences have been saved.'; a failure alerts 'Sorry, {error}'.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accountMessages, type ContactPref } from '@platter/contract';
import { call } from '../../api/client';
import { sorryText } from '../../lib/sorry';
import { useCurrentUser, useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';

const TITLE = 'Contact Settings';

function failureText(error: unknown): string {
  return sorryText(error instanceof Error ? error.message : String(error));
}

export function ContactSettingsModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const user = session.data;
  return (
    <Modal title={TITLE} onClose={onClose}>
      {user?.registered ? (
        <ContactSettingsForm onCancel={onClose} />
      ) : user ? (
        <MembersOnly reason="Sign up or log in to choose which emails we send you." />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

function useContactPrefs() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['contact-prefs', user?.userid],
    queryFn: async () => (await call('user.get_contact_prefs', {})).sorted_prefs,
    enabled: user?.registered === true,
  });
}

function ContactSettingsForm({ onCancel }: { onCancel: () => void }) {
  const prefs = useContactPrefs();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  // The member's changes, by name; anything untouched keeps what the server said.
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const save = useMutation({
    mutationFn: (choices: Record<string, boolean>) => call('user.edit_prefs', choices),
  });

  useEffect(() => {
    if (prefs.isError) showAlert(failureText(prefs.error), { kind: 'error' });
  }, [prefs.isError, prefs.error, showAlert]);

  if (prefs.isPending || save.isPending || save.isSuccess) return <Spinner />;
  if (prefs.isError) {
    return (
      <div className="contact-prefs">
        <p className="form-error" role="alert">
          {failureText(prefs.error)}
        </p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void prefs.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }

  const isChecked = (pref: ContactPref) => changed[pref.name] ?? pref.checked;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choices = Object.fromEntries(prefs.data.map((pref) => [pref.name, isChecked(pref)]));
    save.mutate(choices, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: ['contact-prefs'] });
        showAlert(accountMessages.prefsSaved, { kind: 'success' });
        navigate('/');
      },
      onError: (error) => showAlert(failureText(error), { kind: 'error' }),
    });
  };

  return (
    <form className="form contact-prefs" onSubmit={submit}>
      <p className="modal__lead">Choose the emails you'd like from us.</p>
      {prefs.data.length === 0 ? (
        <p className="aside-panel__quiet">There's nothing to choose yet.</p>
      ) : (
        <ul className="contact-prefs__list">
          {prefs.data.map((pref) => (
            <li key={pref.name}>
              <label className="check">
                <input
                  type="checkbox"
                  name={pref.name}
                  checked={isChecked(pref)}
                  onChange={(e) => setChanged((current) => ({ ...current, [pref.name]: e.target.checked }))}
                />
                <span>{pref.label}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={prefs.data.length === 0}>
          Save
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
