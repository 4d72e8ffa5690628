/**
 * /gold (spec §2 "Other paths used"; docs/gold-web.md): what Gold gives, the
 * plans and their prices, and Turn Gold, or, for a Gold member, their Gold.
 * Guests are asked to sign up first.
 */
import { isGold, type SelfUser } from '@platter/contract';
import { usePaymentInfo, useProducts } from '../../api/payment-queries';
import { sorryText } from '../../lib/sorry';
import { useSession } from '../../session/use-session';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { GoldMemberView } from './gold-member-view';
import { GoldPerks } from './gold-perks';
import { goldPlans, productGold } from './gold-terms';
import { TurnGoldForm } from './turn-gold-form';
import './gold.css';

export function GoldModal({ onClose }: { onClose: () => void }) {
  const title = productGold();
  usePageTitle(title);
  const session = useSession();
  const user = session.data;

  let body;
  if (user?.registered) body = isGold(user) ? <GoldMemberView user={user} /> : <BecomeGold user={user} />;
  else if (user) body = <MembersOnly reason="Gold is for members. Sign up (it's free) or log in, then turn Gold." />;
  else if (session.isError) {
    body = (
      <p className="form-error" role="alert">
        Sorry, we couldn't reach the server. Please refresh to try again.
      </p>
    );
  } else body = <Spinner />;

  return (
    <Modal title={title} onClose={onClose} width={620}>
      <div className="gold">
        {!(user && isGold(user)) && (
          <p className="gold__lede">Support the music and shine a little: Gold members get</p>
        )}
        {!(user && isGold(user)) && <GoldPerks />}
        {body}
      </div>
    </Modal>
  );
}

function BecomeGold({ user }: { user: SelfUser }) {
  const products = useProducts(user.userid);
  const card = usePaymentInfo(user.userid);
  const failure = products.error ?? card.error;
  if (failure) {
    return (
      <p className="form-error" role="alert">
        {sorryText(failure.message)}
      </p>
    );
  }
  if (!products.data || card.data === undefined) return <Spinner />;
  return <TurnGoldForm user={user} plans={goldPlans(products.data.products)} card={card.data} />;
}
