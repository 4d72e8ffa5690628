/**
 * The profile modal (spec §2 Profile screens): /profile/{userId}, or /profile
 * for one's own. Name, avatar, DJ points, fans, the user-type line, Gold, the
 * member's links and words, and what the viewer can do about them.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { profileViewMessages as say, type Profile, type SelfUser } from '@platter/contract';
import { sorryText } from '../../lib/sorry';
import { useSession } from '../../session/use-session';
import { AvatarFigure } from '../../ui/avatar-figure';
import { GoldEmblem } from '../../ui/gold-emblem';
import { Modal } from '../../ui/modal';
import { ModalLink } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { MemberText } from '../../ui/member-text';
import { FanButton, IgnoreButton, MessageButton } from './profile-actions';
import { isGold, joinedDate, profileLinks, userTypes } from './profile-facts';
import { useProfile } from './use-profile';
import { PresenceBadge } from './presence-badge';

const count = new Intl.NumberFormat();

export const profilePath = (userid: string, rest = '') => `/profile/${encodeURIComponent(userid)}${rest}`;

export function ProfileModal({ onClose, own = false }: { onClose: () => void; own?: boolean }) {
  const params = useParams();
  const session = useSession();
  const viewer = session.data;
  const userid = own ? viewer?.userid : params.userId;
  const query = useProfile(userid);
  const profile = query.data;
  usePageTitle(profile ? profile.name : say.title);

  return (
    <Modal title={profile?.name ?? say.title} onClose={onClose} width={620}>
      {profile && viewer ? (
        <ProfileView profile={profile} viewer={viewer} onClose={onClose} />
      ) : query.isError ? (
        <ProfileTrouble message={sorryText(query.error.message)} viewer={viewer} />
      ) : session.isError ? (
        <ProfileTrouble message={say.unreachable} />
      ) : (
        <Spinner label={say.loading} />
      )}
    </Modal>
  );
}

/** Profile failures say 'Sorry, {error}' (spec §8); a guest is told how to get a profile of their own. */
export function ProfileTrouble({ message, viewer }: { message: string; viewer?: SelfUser | undefined }) {
  return (
    <div className="profile-trouble">
      <p className="form-error" role="alert">
        {message}
      </p>
      {viewer && !viewer.registered && <SignUpHint>{say.guestOwnProfile}</SignUpHint>}
    </div>
  );
}

function SignUpHint({ children }: { children: ReactNode }) {
  return (
    <p className="profile__hint">
      {children} <ModalLink to="/signup">{say.signUp}</ModalLink> {say.or}{' '}
      <ModalLink to="/login">{say.logIn}</ModalLink>.
    </p>
  );
}

function ProfileView({ profile, viewer, onClose }: { profile: Profile; viewer: SelfUser; onClose: () => void }) {
  const self = profile.userid === viewer.userid;
  const gold = isGold(profile);
  const types = userTypes(profile);
  const links = profileLinks(profile);
  const hasWords = Boolean(profile.about || profile.topartists || profile.hangout);

  return (
    <div className="profile">
      <div className="profile__top">
        <ProfilePicture profile={profile} />
        <div className="profile__summary">
          <PresenceBadge userid={profile.userid} />
          {(types.length > 0 || gold) && (
            <p className="profile__types">
              {types.map((type) => (
                <span key={type.label} className="user-type" title={type.description}>
                  {type.label}
                </span>
              ))}
              <GoldEmblem level={profile.subscription_level} />
            </p>
          )}
          <dl className="profile__stats">
            <div>
              <dt>{say.points}</dt>
              <dd>{count.format(profile.points)}</dd>
            </div>
            <div>
              <dt>{say.fans}</dt>
              <dd>
                <ModalLink to={profilePath(profile.userid, '/fans')} aria-label={say.fansLabel(profile.fans)}>
                  {count.format(profile.fans)}
                </ModalLink>
              </dd>
            </div>
            <div>
              <dt>{say.fanOf}</dt>
              <dd>
                <ModalLink to={profilePath(profile.userid, '/fanned')} aria-label={say.fanOfLabel(profile.fanofs)}>
                  {count.format(profile.fanofs)}
                </ModalLink>
              </dd>
            </div>
          </dl>
          <ProfileActions profile={profile} viewer={viewer} self={self} onClose={onClose} />
          {links.length > 0 && (
            <ul className="profile__links" aria-label={say.links}>
              {links.map((link) => (
                <li key={link.service}>
                  <a
                    className={`profile-link profile-link--${link.service}`}
                    href={link.href}
                    target="_blank"
                    rel="nofollow noopener noreferrer"
                  >
                    <span className="profile-link__service">{link.label}</span> {link.text}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {hasWords ? (
        <div className="profile__words">
          {profile.about && (
            <ProfileSection title={say.about}>
              <MemberText text={profile.about} />
            </ProfileSection>
          )}
          {profile.topartists && (
            <ProfileSection title={say.topArtists}>
              <MemberText text={profile.topartists} />
            </ProfileSection>
          )}
          {profile.hangout && (
            <ProfileSection title={say.hangout}>
              <MemberText text={profile.hangout} />
            </ProfileSection>
          )}
        </div>
      ) : (
        <p className="profile__empty">
          {self ? (
            <>
              {say.ownEmpty} <ModalLink to="/profile/edit">{say.ownEmptyLink}</ModalLink> {say.ownEmptyRest}
            </>
          ) : (
            say.othersEmpty(profile.name)
          )}
        </p>
      )}

      <dl className="profile__facts">
        {profile.pastNames.length > 0 && (
          <div>
            <dt>{say.pastNames}</dt>
            <dd>{profile.pastNames.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>{say.joined}</dt>
          <dd>
            <time dateTime={new Date(profile.created).toISOString()}>{joinedDate(profile.created)}</time>
          </dd>
        </div>
      </dl>

      {self && (
        <p className="profile__more">
          <ModalLink to="/graphics">{say.graphics}</ModalLink>
          <span aria-hidden="true"> · </span>
          <Link to="/?tour=welcome">{say.tour}</Link>
        </p>
      )}
    </div>
  );
}

function ProfileActions({
  profile,
  viewer,
  self,
  onClose,
}: {
  profile: Profile;
  viewer: SelfUser;
  self: boolean;
  onClose: () => void;
}) {
  if (!viewer.registered) {
    return <SignUpHint>{say.guestFan(profile.name)}</SignUpHint>;
  }
  return (
    <div className="profile__actions">
      <FanButton profile={profile} self={self} />
      <IgnoreButton profile={profile} self={self} />
      {/* Not to yourself, and not to someone you ignore (the server refuses both; docs/pm.md). */}
      {!self && !profile.blocked && <MessageButton profile={profile} onOpened={onClose} />}
      {self ? (
        <>
          <ModalLink to="/profile/edit" className="button button--primary button--small">
            {say.edit}
          </ModalLink>
          {!isGold(viewer) && (
            <ModalLink to="/gold" className="button button--gold button--small">
              {say.turnGold}
            </ModalLink>
          )}
        </>
      ) : (
        <ModalLink
          to={`${profilePath(profile.userid, '/report')}?username=${encodeURIComponent(profile.name)}`}
          className="profile__report"
        >
          {say.report}
        </ModalLink>
      )}
    </div>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="profile__section" aria-labelledby={id}>
      <h3 id={id} className="profile__section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The avatar standing (images.fullfront); while its art cannot load, the drawn stand-in. */
function ProfilePicture({ profile }: { profile: Profile }) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = profile.images.fullfront;
  return (
    <div className={`profile__picture${isGold(profile) ? ' is-gold' : ''}`}>
      {broken === src ? (
        <AvatarFigure avatarId={profile.avatarid} height={200} />
      ) : (
        <img src={src} alt={say.avatarAlt(profile.name)} height={200} onError={() => setBroken(src)} />
      )}
    </div>
  );
}
