/** Reactivate Gold (spec §2 Reactivate-gold modal): 'Welcome back!'; Go Back or Turn Gold. */
import { goldAlerts } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { periodEnd } from './gold-terms';
import { SubscriptionChangeModal } from './subscription-change-modal';

export const REACTIVATE_GOLD_TITLE = 'Welcome back!';

export function ReactivateGoldModal({ onClose }: { onClose: () => void }) {
  return (
    <SubscriptionChangeModal
      change="reactivate"
      pageTitle="Reactivate Gold"
      title={REACTIVATE_GOLD_TITLE}
      from="pendcancel"
      explain={(subscription) => (
        <p>
          Turn Gold again and nothing ends: your subscription carries on after{' '}
          <strong>{periodEnd(subscription) ?? 'the end of this period'}</strong>, and your card is charged for the next
          period then.
        </p>
      )}
      nothingToDo={(subscription) => (
        <p>
          {subscription?.state === 'active'
            ? "Your Gold is active and renews by itself: there's nothing to reactivate."
            : "There's no canceled Gold subscription to reactivate."}
        </p>
      )}
      stayLabel="Go Back"
      changeLabel="Turn Gold"
      changeClass="button--gold"
      busyLabel="Turning Gold again…"
      alert={goldAlerts.reactivated(pageConfig.productName)}
      onClose={onClose}
    />
  );
}
