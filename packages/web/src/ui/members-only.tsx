import { commonMessages } from '@platter/contract';
import { ModalLink } from './modal-link';

/** What a guest sees where only members may go: why, and the ways in. */
export function MembersOnly({ reason }: { reason: string }) {
  return (
    <div className="members-only">
      <p>{reason}</p>
      <div className="form-actions">
        <ModalLink to="/signup" className="button button--primary">
          {commonMessages.signUp}
        </ModalLink>
        <ModalLink to="/login" className="button">
          {commonMessages.logIn}
        </ModalLink>
      </div>
    </div>
  );
}
