import { ModalLink } from '../../ui/modal-link';

/** Sign-up and sign-in link to each other (spec §2 Login modal). */
export function SignupFooter() {
  return (
    <p>
      Already a member? <ModalLink to="/login">Log in</ModalLink>
    </p>
  );
}

/** For a member who opens sign-up: they have an account already. */
export function AlreadyMember({ onClose }: { onClose: () => void }) {
  return (
    <div className="signup-note">
      <p>You're already signed up! Log out first to make a new account.</p>
      <div className="form-actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Back to the lobby
        </button>
      </div>
    </div>
  );
}
