/**
 * The avatar picker (spec §2 avatarPicker, /profile/avatar, optional
 * showGold): standard and Gold tabs, the tiers side by side in columns of
 * their colwidth, locked tiers greyed with what unlocks them, and the custom
 * avatar maker behind the top tier. Failures alert 'Sorry, {error}' (§8).
 */
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { avatarName, formatPoints, type AvailableAvatars, type SelfUser } from '@platter/contract';
import { sorryText } from '../../lib/sorry';
import { useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { AvatarFigure } from '../../ui/avatar-figure';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { CustomAvatarMaker } from './custom-avatar-maker';
import { GoldColumns, StandardColumns } from './tier-columns';
import { wantsGold } from './picker-rules';
import { useAvailableAvatars, useSetAvatar } from './use-avatars';
import './avatar-picker.css';

const TITLE = 'Change Avatar';

type Tab = 'standard' | 'gold';

export function AvatarPickerModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const user = session.data;
  const [params] = useSearchParams();
  return (
    <Modal title={TITLE} onClose={onClose} width={900}>
      {user?.registered ? (
        <AvatarPicker user={user} initialTab={wantsGold(params) ? 'gold' : 'standard'} />
      ) : user ? (
        <MembersOnly reason="Avatars belong to members. Sign up (it's free) or log in to choose yours." />
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

function AvatarPicker({ user, initialTab }: { user: SelfUser; initialTab: Tab }) {
  const available = useAvailableAvatars(user.userid);
  const [tab, setTab] = useState<Tab>(initialTab);
  const [making, setMaking] = useState(false);

  if (available.isError) {
    return (
      <p className="form-error" role="alert">
        {sorryText(available.error.message)}
      </p>
    );
  }
  if (!available.data) return <Spinner />;
  const data = available.data;

  if (making) return <CustomAvatarMaker available={data} onDone={() => setMaking(false)} />;

  return (
    <div className="avatar-picker">
      <CurrentAvatar user={user} avatarid={data.avatarid} />
      <PickerTabs tab={tab} onTab={setTab} gold={data.gold}>
        <Choices data={data} tab={tab} onMake={() => setMaking(true)} />
      </PickerTabs>
    </div>
  );
}

function CurrentAvatar({ user, avatarid }: { user: SelfUser; avatarid: number }) {
  return (
    <section className="avatar-picker__current" aria-label="Your avatar">
      <AvatarFigure avatarId={avatarid} height={132} className="avatar-picker__figure" />
      <div className="avatar-picker__current-text">
        <p className="avatar-picker__current-name">{avatarName(avatarid)}</p>
        <p className="avatar-picker__points">
          {formatPoints(user.points)} DJ {user.points === 1 ? 'point' : 'points'}
        </p>
        <p className="avatar-picker__lede">
          Pick an avatar to wear in rooms. Earn DJ points to unlock more: the more people enjoy your sets, the more you
          can choose from.
        </p>
      </div>
    </section>
  );
}

function PickerTabs({
  tab,
  onTab,
  gold,
  children,
}: {
  tab: Tab;
  onTab: (tab: Tab) => void;
  gold: boolean;
  children: ReactNode;
}) {
  const ids = { standard: useId(), gold: useId(), panel: useId() };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'standard', label: 'Standard' },
    { id: 'gold', label: 'Gold' },
  ];
  return (
    <>
      <div className="avatar-picker__tabs" role="tablist" aria-label="Avatars">
        {tabs.map((t) => (
          <button
            key={t.id}
            id={ids[t.id]}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={ids.panel}
            tabIndex={tab === t.id ? 0 : -1}
            className={`avatar-picker__tab avatar-picker__tab--${t.id}${tab === t.id ? ' is-selected' : ''}`}
            onClick={() => onTab(t.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') onTab(t.id === 'gold' ? 'standard' : 'gold');
            }}
          >
            {t.label}
            {t.id === 'gold' && gold && <span className="avatar-picker__gold-badge">You're Gold</span>}
          </button>
        ))}
      </div>
      <div id={ids.panel} role="tabpanel" aria-labelledby={ids[tab]} className="avatar-picker__panel">
        {children}
      </div>
    </>
  );
}

function Choices({ data, tab, onMake }: { data: AvailableAvatars; tab: Tab; onMake: () => void }) {
  const setAvatar = useSetAvatar();
  const { showAlert } = useAlerts();
  const choose = (avatarid: number) => {
    if (setAvatar.isPending || avatarid === data.avatarid) return;
    setAvatar.mutate(avatarid, {
      onSuccess: () => showAlert(`You're now ${avatarName(avatarid)}.`, { kind: 'success' }),
      onError: (error) => showAlert(sorryText(error.message), { kind: 'error' }),
    });
  };
  const saving = setAvatar.isPending ? setAvatar.variables : null;
  return tab === 'standard' ? (
    <StandardColumns data={data} saving={saving} onChoose={choose} onMake={onMake} />
  ) : (
    <GoldColumns data={data} saving={saving} onChoose={choose} />
  );
}
