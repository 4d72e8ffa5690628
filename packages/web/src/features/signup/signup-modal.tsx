/**
 * The registration modal (spec §2, §4 Registration): choose one of six
 * avatars and a DJ name (a suggestion that can be refreshed), which the
 * server checks (user.verify_name) before the email step.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiCallError, call, errorText } from '../../api/client';
import { avatarIdFrom } from '../../lib/startup-params';
import { pageConfig } from '../../lib/page-config';
import { useSession } from '../../session/use-session';
import { Modal } from '../../ui/modal';
import { useModalNavigate } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { AvatarChoice } from './avatar-choice';
import { DjNameField, useSuggestedName } from './dj-name-field';
import { currentDraft, saveDraft, signupAvatar } from './signup-draft';
import { AlreadyMember, SignupFooter } from './signup-footer';
import { nameError } from './signup-form';
import { stillFocusableSubmit } from '../../ui/still-focusable';

export const SIGNUP_TITLE = `Sign up for ${pageConfig.productName}`;

export function SignupModal({ onClose }: { onClose: () => void }) {
  usePageTitle('Sign Up');
  const session = useSession();
  const user = session.data;
  return (
    <Modal title={SIGNUP_TITLE} onClose={onClose} footer={user?.registered ? undefined : <SignupFooter />}>
      {user?.registered ? (
        <AlreadyMember onClose={onClose} />
      ) : session.isPending && !session.isError ? (
        <Spinner />
      ) : (
        <ChooseAvatarAndName guest={user !== undefined} />
      )}
    </Modal>
  );
}

function ChooseAvatarAndName({ guest }: { guest: boolean }) {
  const [params] = useSearchParams();
  const draft = currentDraft();
  const [avatarId, setAvatarId] = useState(() => {
    const asked = avatarIdFrom(params.get('avatarId'));
    return asked === null ? draft.avatarId : signupAvatar(asked);
  });
  const [typed, setTyped] = useState<string | null>(draft.name);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const suggestion = useSuggestedName(typed === null);
  const navigate = useModalNavigate();

  const name = typed ?? suggestion.data ?? '';
  const shownNameError = serverNameError ?? (touched ? nameError(name) : null);

  const verify = useMutation({
    mutationFn: (candidate: string) => call('user.verify_name', { name: candidate }),
  });

  const refresh = () => {
    setTyped(null);
    setTouched(false);
    setServerNameError(null);
    void suggestion.refetch();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    setTouched(true);
    setProblem(null);
    if (nameError(name)) return;
    verify.mutate(name, {
      onSuccess: (verified) => {
        saveDraft({ avatarId, name: verified.name });
        navigate('/signup/email');
      },
      onError: (error) => {
        // A rule or a taken name is about the name; anything else is about getting through.
        if (error instanceof ApiCallError && (error.code === 'invalid' || error.code === 'conflict')) {
          setServerNameError(error.message);
        } else setProblem(errorText(error));
      },
    });
  };

  return (
    <form className="form signup" onSubmit={submit} noValidate>
      <p className="signup__intro">
        {guest
          ? "It looks like you're not a member yet. Choose an avatar and DJ name!"
          : 'Choose an avatar and DJ name!'}
      </p>
      <AvatarChoice value={avatarId} onChange={setAvatarId} />
      <DjNameField
        value={name}
        error={shownNameError}
        refreshing={typed === null && suggestion.isFetching}
        onRefresh={refresh}
        onChange={(value) => {
          setTyped(value);
          setTouched(true);
          setServerNameError(null);
        }}
      />
      {suggestion.isError && typed === null && (
        <p className="field__hint">We couldn't suggest a name just now. Type one you like.</p>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary button--wide"
          {...stillFocusableSubmit(verify.isPending)}
        >
          {verify.isPending ? 'Checking your name…' : 'Sign up'}
        </button>
      </div>
    </form>
  );
}
