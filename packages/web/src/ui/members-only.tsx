import { ModalLink } from './modal-link';

/** What a guest sees where only members may go: why, and the ways in. */
export function MembersOnly({ reason }: { reason: string }) {
  return (
    <div className="members-only">
      <p>{reason}</p>
      <div className="form-actions">
        <ModalLink to="/signup" className="button button--primary">
          Sign up
        </ModalLink>
        <ModalLink to="/login" className="button">
          Log in
        </ModalLink>
      </div>
    </div>
  );
}
