/**
 * The right column's panel for people (spec §2): a member sees their own
 * card (avatar, name, DJ points, fans) with their profile, avatar and a new
 * room one click away; a guest is invited to sign up.
 */
import { useId } from 'react';
import type { SelfUser } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { useSession } from '../../session/use-session';
import { Avatar } from '../../ui/avatar';
import { GoldEmblem } from '../../ui/gold-emblem';
import { ModalLink } from '../../ui/modal-link';

const count = new Intl.NumberFormat();

export function MembersPanel() {
  const session = useSession();
  const user = session.data;
  if (!user) return null;
  return user.registered ? <MemberCard user={user} /> : <JoinInvitation />;
}

function MemberCard({ user }: { user: SelfUser }) {
  const headingId = useId();
  const profile = `/profile/${encodeURIComponent(user.userid)}`;
  return (
    <section className="aside-panel member-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        You
      </h2>
      <div className="member-card__who">
        <Avatar className="member-card__avatar" src={user.images.headfront} name={user.name} size={64} />
        <div className="member-card__id">
          <p className="member-card__title">
            <ModalLink to={profile} className="member-card__name">
              {user.name}
            </ModalLink>
            <GoldEmblem level={user.subscription_level} />
          </p>
          <dl className="member-card__stats">
            <div>
              <dt>DJ points</dt>
              <dd>{count.format(user.points)}</dd>
            </div>
            <div>
              <dt>Fans</dt>
              <dd>{count.format(user.fans)}</dd>
            </div>
          </dl>
        </div>
      </div>
      <nav className="member-card__links" aria-label="Your things">
        <ModalLink to={profile} className="member-card__link">
          Your profile
        </ModalLink>
        <ModalLink to="/profile/avatar" className="member-card__link">
          Change Avatar
        </ModalLink>
        <ModalLink to="/create-room" className="button button--primary member-card__create">
          Create a room
        </ModalLink>
      </nav>
    </section>
  );
}

function JoinInvitation() {
  const headingId = useId();
  return (
    <section className="aside-panel join-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="join-card__title">
        Take a turn at the decks
      </h2>
      <p className="join-card__text">
        You're listening as a guest. Sign up to DJ for the room, earn points and fans, and start rooms of your own. It's
        free.
      </p>
      <div className="join-card__actions">
        <ModalLink to="/signup" className="button button--primary">
          Join {pageConfig.productName}
        </ModalLink>
        <span className="join-card__member">
          Already a member? <ModalLink to="/login">Sign in</ModalLink>
        </span>
      </div>
    </section>
  );
}
