/**
 * The credit card screen (spec §2 payment, /account/payment, "Update Credit
 * Card", width 520; §4 Credit card update): the form, a spinner over it
 * while the card is saved, and back to accounts (or to where it was opened
 * from) with 'Credit card informaiton successfully updated!'.
 */
import { useLocation } from 'react-router';
import { orderMessages, PAYMENT_MODAL_WIDTH, type SelfUser } from '@platter/contract';
import { usePaymentInfo, useProducts } from '../../api/payment-queries';
import { paymentReturnPlace } from '../../lib/payment-return';
import { sorryText } from '../../lib/sorry';
import { useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { useModalNavigate } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { CardForm } from './card-form';
import { saveCardProblem, useSaveCard } from './use-save-card';
import './gold.css';

const TITLE = 'Update Credit Card';

export function PaymentModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const user = session.data;
  return (
    <Modal title={TITLE} onClose={onClose} width={PAYMENT_MODAL_WIDTH}>
      {user?.registered ? (
        <PaymentScreen user={user} />
      ) : user ? (
        <MembersOnly reason="Sign up or log in to keep a card on file for Gold and paid stickers." />
      ) : session.isError ? (
        <p className="form-error" role="alert">
          Sorry, we couldn't reach the server. Please refresh to try again.
        </p>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

function PaymentScreen({ user }: { user: SelfUser }) {
  const products = useProducts(user.userid);
  const card = usePaymentInfo(user.userid);
  const location = useLocation();
  const back = paymentReturnPlace(location.state);
  const modalNavigate = useModalNavigate();
  const { showAlert } = useAlerts();
  const save = useSaveCard();
  const leave = () => modalNavigate(back, { replace: true });

  const failure = products.error ?? card.error;
  if (failure) {
    return (
      <p className="form-error" role="alert">
        {sorryText(failure.message)}
      </p>
    );
  }
  if (!products.data || card.data === undefined) return <Spinner />;
  const provider = products.data.payments;

  return (
    <div className="card-screen" aria-busy={save.isPending || undefined}>
      <div inert={save.isPending}>
        <CardForm
          saved={card.data}
          problem={save.error ? saveCardProblem(save.error) : null}
          onUnchanged={leave}
          onCancel={leave}
          onSend={(entry) =>
            save.mutate(
              { provider, entry },
              {
                onSuccess: () => {
                  showAlert(orderMessages.cardUpdated, { kind: 'success' });
                  leave();
                },
              },
            )
          }
        />
      </div>
      {save.isPending && (
        <div className="card-screen__busy">
          <Spinner label="Saving your card…" />
        </div>
      )}
    </div>
  );
}
