/**
 * The frame both cancel-gold and reactivate-gold share (spec §2, §4; width
 * 520): only for Gold members (others go home), the subscription read, one
 * button that changes it, and back to accounts with an alert naming the product.
 * While the change is on its way the screen stays and the pressed button says so
 * ("Canceling your Gold…"), aria-disabled: it keeps the focus (docs/accessibility.md).
 */
import type { ReactNode } from 'react';
import { PAYMENT_MODAL_WIDTH, type Subscription } from '@platter/contract';
import { errorText } from '../../api/client';
import { sorryText } from '../../lib/sorry';
import { useAlerts } from '../../ui/alerts';
import { Modal } from '../../ui/modal';
import { useModalNavigate } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { stillFocusable } from '../../ui/still-focusable';
import { useChangeSubscription, useGoldMemberOrGoHome, useSubscriptionInfo } from './use-gold';
import './gold.css';

export interface SubscriptionChangeProps {
  change: 'cancel' | 'reactivate';
  pageTitle: string;
  title: string;
  /** The state this change starts from: 'active' to cancel, 'pendcancel' to reactivate. */
  from: Subscription['state'];
  /** What the member is told before they choose. */
  explain: (subscription: Subscription) => ReactNode;
  /** Why there is nothing to change (the subscription is in another state, or there is none). */
  nothingToDo: (subscription: Subscription | null) => ReactNode;
  stayLabel: string;
  stayClass?: string;
  changeLabel: string;
  changeClass: string;
  busyLabel: string;
  alert: string;
  onClose: () => void;
}

export function SubscriptionChangeModal(props: SubscriptionChangeProps) {
  usePageTitle(props.pageTitle);
  const user = useGoldMemberOrGoHome();
  if (!user) return null;
  return (
    <Modal title={props.title} onClose={props.onClose} width={PAYMENT_MODAL_WIDTH}>
      <ChangeScreen userid={user.userid} {...props} />
    </Modal>
  );
}

function ChangeScreen({ userid, ...props }: SubscriptionChangeProps & { userid: string }) {
  const info = useSubscriptionInfo(userid);
  const mutation = useChangeSubscription(props.change);
  const modalNavigate = useModalNavigate();
  const { showAlert } = useAlerts();
  const toAccounts = () => modalNavigate('/account', { replace: true });

  if (info.error) {
    return (
      <p className="form-error" role="alert">
        {sorryText(info.error.message)}
      </p>
    );
  }
  if (!info.data) return <Spinner />;
  const subscription = info.data.subscription;
  const ready = subscription?.state === props.from ? subscription : null;

  return (
    <div className="gold-change">
      <div className="gold-change__text">{ready ? props.explain(ready) : props.nothingToDo(subscription)}</div>
      {mutation.error && (
        <p className="form-error" role="alert">
          {errorText(mutation.error)}
        </p>
      )}
      <div className="form-actions gold-change__actions" aria-busy={mutation.isPending || undefined}>
        <button
          type="button"
          className={`button ${props.stayClass ?? ''}`}
          {...stillFocusable(mutation.isPending, toAccounts)}
        >
          {props.stayLabel}
        </button>
        {ready && (
          <button
            type="button"
            className={`button ${props.changeClass}`}
            {...stillFocusable(mutation.isPending, () =>
              mutation.mutate(ready.id, {
                onSuccess: () => {
                  showAlert(props.alert, { kind: 'success' });
                  toAccounts();
                },
              }),
            )}
          >
            {mutation.isPending ? props.busyLabel : props.changeLabel}
          </button>
        )}
      </div>
    </div>
  );
}
