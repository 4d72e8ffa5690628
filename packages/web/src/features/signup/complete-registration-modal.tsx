/**
 * The complete-registration step (spec §2): the chosen avatar with a
 * 'Change' link, the DJ name, email and a new password. Registering keeps a
 * guest's id (user.guest_register), sets the cookies, and goes on to the
 * social step, which says to check the mail.
 */
import { useState, type FormEvent } from 'react';
import { ApiCallError, errorText } from '../../api/client';
import { useRegister, useSession } from '../../session/use-session';
import { EmailField, NewPasswordFields } from '../../ui/account-fields';
import { AvatarFigure } from '../../ui/avatar-figure';
import { HumanCheckWidget } from '../../ui/human-check';
import { Modal } from '../../ui/modal';
import { ModalLink, useModalNavigate } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { useInFlight } from '../../ui/use-in-flight';
import { DjNameField, useSuggestedName } from './dj-name-field';
import { clearDraft, currentDraft } from './signup-draft';
import { AlreadyMember, SignupFooter } from './signup-footer';
import {
  checkCompleteForm,
  fieldOfServerError,
  nameError,
  type CompleteErrors,
  type CompleteField,
  type CompleteForm,
} from './signup-form';
import { SIGNUP_TITLE } from './signup-modal';

export function CompleteRegistrationModal({ onClose }: { onClose: () => void }) {
  usePageTitle('Sign Up');
  const session = useSession();
  const register = useRegister();
  const user = session.data;
  const registering = register.isPending || register.isSuccess;
  return (
    <Modal title={SIGNUP_TITLE} onClose={onClose} footer={user?.registered ? undefined : <SignupFooter />}>
      {registering ? (
        // While registering the session turns into the member's: that is not "already signed up".
        <CompleteRegistrationForm register={register} />
      ) : user?.registered ? (
        <AlreadyMember onClose={onClose} />
      ) : session.isPending && !session.isError ? (
        <Spinner />
      ) : (
        <CompleteRegistrationForm register={register} />
      )}
    </Modal>
  );
}

function CompleteRegistrationForm({ register }: { register: ReturnType<typeof useRegister> }) {
  const [draft] = useState(currentDraft);
  const flight = useInFlight();
  const suggestion = useSuggestedName(draft.name === null);
  const [form, setForm] = useState<Omit<CompleteForm, 'name'> & { name: string | null }>({
    name: draft.name,
    email: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<CompleteErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | undefined>(undefined);
  const navigate = useModalNavigate();

  const name = form.name ?? suggestion.data ?? '';

  const change = (field: CompleteField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // The name is checked as it is typed; the others once they are sent.
    setErrors((current) => ({ ...current, [field]: field === 'name' ? (nameError(value) ?? undefined) : undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const filled = { ...form, name };
    const found = checkCompleteForm(filled);
    setErrors(found);
    // One at a time: a double click sent two registrations, and two confirmation mails.
    if (Object.keys(found).length > 0 || !flight.start()) return;
    register.mutate(
      { name: name.trim(), email: filled.email.trim(), password: filled.password, avatarid: draft.avatarId, captcha },
      {
        onSuccess: () => {
          clearDraft();
          // The social step says to check the mail: the same words whether the address was new or not.
          navigate('/signup/social', { replace: true, state: { mailSentTo: filled.email.trim() } });
        },
        onError: (error) => {
          const field =
            error instanceof ApiCallError && error.kind !== 'request' ? fieldOfServerError(error.message) : null;
          if (field) setErrors({ [field]: error.message });
          else setProblem(errorText(error));
        },
        onSettled: flight.done,
      },
    );
  };

  // The form stays (a refusal comes back to what was typed); a spinner shows in its place meanwhile.
  if (register.isPending || register.isSuccess) return <Spinner label="Signing you up…" />;
  return (
    <form className="form signup" onSubmit={submit} noValidate>
      <div className="signup__who">
        <div className="signup__avatar">
          <AvatarFigure avatarId={draft.avatarId} height={96} />
          <ModalLink to="/signup" className="form-link">
            Change
          </ModalLink>
        </div>
        <DjNameField
          value={name}
          error={errors.name ?? null}
          refreshing={form.name === null && suggestion.isFetching}
          onChange={(value) => change('name', value)}
        />
      </div>
      <EmailField value={form.email} error={errors.email} onChange={(value) => change('email', value)} />
      <NewPasswordFields
        password={{ value: form.password, error: errors.password, onChange: (value) => change('password', value) }}
        confirm={{ value: form.confirm, error: errors.confirm, onChange: (value) => change('confirm', value) }}
      />
      <HumanCheckWidget onToken={setCaptcha} />
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary button--wide">
          Sign up
        </button>
      </div>
    </form>
  );
}
