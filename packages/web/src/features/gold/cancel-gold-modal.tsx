/** Cancel Gold (spec §2 Cancel-gold modal): Gold lasts until the period end; Stay Gold or Cancel Gold. */
import { goldAlerts } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { ModalLink } from '../../ui/modal-link';
import { GOLD_PERKS, periodEnd } from './gold-terms';
import { SubscriptionChangeModal } from './subscription-change-modal';

export const CANCEL_GOLD_TITLE = "Oh no! I hope it wasn't something we said...";

export function CancelGoldModal({ onClose }: { onClose: () => void }) {
  return (
    <SubscriptionChangeModal
      change="cancel"
      pageTitle="Cancel Gold"
      title={CANCEL_GOLD_TITLE}
      from="active"
      explain={(subscription) => (
        <>
          <p>
            If you cancel, your card won't be charged again and you stay Gold until{' '}
            <strong>{periodEnd(subscription) ?? 'the end of this period'}</strong>. After that you lose:
          </p>
          <ul className="gold-change__losses">
            {GOLD_PERKS.map((perk) => (
              <li key={perk.key}>{perk.title}</li>
            ))}
          </ul>
          <p>You can change your mind until then.</p>
        </>
      )}
      nothingToDo={(subscription) =>
        subscription?.state === 'pendcancel' ? (
          <p>
            Your Gold is already canceled: it ends on {periodEnd(subscription) ?? 'the end of this period'}. Changed
            your mind? <ModalLink to="/account/reactivate-gold">Reactivate it</ModalLink>.
          </p>
        ) : (
          <p>There's no Gold subscription to cancel.</p>
        )
      }
      stayLabel="Stay Gold"
      stayClass="button--gold"
      changeLabel="Cancel Gold"
      changeClass="gold-change__cancel"
      busyLabel="Canceling your Gold…"
      alert={goldAlerts.canceled(pageConfig.productName)}
      onClose={onClose}
    />
  );
}
