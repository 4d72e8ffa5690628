/**
 * The picker's columns: one per tier (standard tab) or per Gold group (Gold
 * tab), each a grid `colwidth` avatars wide. A locked column is greyed and
 * says what unlocks it; "Gold members only" links to /gold.
 */
import {
  GOLD_ONLY_HINT,
  avatarImageUrl,
  avatarName,
  customAvatarId,
  customAvatarParts,
  type AvailableAvatars,
  type AvailableTier,
} from '@platter/contract';
import type { ReactNode } from 'react';
import { ModalLink } from '../../ui/modal-link';

interface ColumnsProps {
  data: AvailableAvatars;
  /** The avatar being saved, if any. */
  saving: number | null | undefined;
  onChoose: (avatarid: number) => void;
}

export function StandardColumns({ data, saving, onChoose, onMake }: ColumnsProps & { onMake: () => void }) {
  return (
    <div className="avatar-picker__columns">
      {data.tiers.map((tier) => (
        <TierColumn
          key={tier.id}
          title={tier.name}
          hint={tier.unlock_hint}
          colwidth={tier.colwidth}
          avatarids={tier.avatarids}
          current={data.avatarid}
          saving={saving}
          onChoose={onChoose}
        >
          {tier.custom && <MakerTile tier={tier} data={data} onMake={onMake} />}
        </TierColumn>
      ))}
    </div>
  );
}

export function GoldColumns({ data, saving, onChoose }: ColumnsProps) {
  const groups = data.tiers.flatMap((tier) => tier.pro.map((group) => ({ tier, group })));
  return (
    <>
      {!data.gold && (
        <p className="avatar-picker__gold-pitch">
          Gold members dress up in Gold avatars.{' '}
          <ModalLink to="/gold" className="avatar-picker__gold-link">
            Turn Gold
          </ModalLink>
        </p>
      )}
      <div className="avatar-picker__columns">
        {groups.map(({ tier, group }) => (
          <TierColumn
            key={`${tier.id}-${group.name}`}
            title={group.name}
            gold
            hint={tier.pro_unlock_hint}
            // Gold groups are small: one row of up to four reads better than the tier's own shape.
            colwidth={Math.min(4, group.avatarids.length)}
            avatarids={group.avatarids}
            current={data.avatarid}
            saving={saving}
            onChoose={onChoose}
          />
        ))}
      </div>
    </>
  );
}

interface TierColumnProps {
  title: string;
  hint: string | null;
  colwidth: number;
  avatarids: number[];
  current: number;
  saving: number | null | undefined;
  onChoose: (avatarid: number) => void;
  gold?: boolean;
  children?: ReactNode;
}

function TierColumn({ title, hint, colwidth, avatarids, current, saving, onChoose, gold, children }: TierColumnProps) {
  const locked = hint !== null;
  return (
    <section
      className={`avatar-picker__tier${locked ? ' is-locked' : ''}${gold ? ' avatar-picker__tier--gold' : ''}`}
      aria-label={title}
    >
      <header className="avatar-picker__tier-header">
        <h3 className="avatar-picker__tier-name">{title}</h3>
        {locked && <LockHint hint={hint} />}
      </header>
      <ul className="avatar-picker__grid" style={{ gridTemplateColumns: `repeat(${colwidth}, var(--tile))` }}>
        {avatarids.map((id) => (
          <li key={id}>
            <AvatarTile
              avatarid={id}
              locked={locked}
              current={id === current}
              saving={id === saving}
              onChoose={() => onChoose(id)}
            />
          </li>
        ))}
        {children && <li>{children}</li>}
      </ul>
    </section>
  );
}

function LockHint({ hint }: { hint: string }) {
  return (
    <p className="avatar-picker__hint">
      <LockIcon />
      {hint === GOLD_ONLY_HINT ? (
        <ModalLink to="/gold" className="avatar-picker__gold-link">
          {hint}
        </ModalLink>
      ) : (
        hint
      )}
    </p>
  );
}

function LockIcon() {
  return (
    <svg className="avatar-picker__lock" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="2.5" y="7" width="11" height="8" rx="2" fill="currentColor" />
    </svg>
  );
}

interface AvatarTileProps {
  avatarid: number;
  locked: boolean;
  current: boolean;
  saving: boolean;
  onChoose: () => void;
  label?: string;
}

function AvatarTile({ avatarid, locked, current, saving, onChoose, label = avatarName(avatarid) }: AvatarTileProps) {
  return (
    <button
      type="button"
      className={`avatar-picker__avatar${current ? ' is-current' : ''}${saving ? ' is-saving' : ''}`}
      aria-pressed={current}
      aria-label={label}
      title={locked ? `${label} (locked)` : label}
      disabled={locked}
      onClick={onChoose}
    >
      <img src={avatarImageUrl(avatarid, 'headfront')} alt="" width={64} height={64} />
      {current && (
        <span className="avatar-picker__check" aria-hidden="true">
          ✓
        </span>
      )}
    </button>
  );
}

/** The top tier's extra: the custom avatar maker, and the member's own design to put back on. */
function MakerTile({ tier, data, onMake }: { tier: AvailableTier; data: AvailableAvatars; onMake: () => void }) {
  const wearing = customAvatarParts(data.avatarid);
  const design = wearing ?? data.custom_avatar;
  const designId = design ? customAvatarId(design) : null;
  return (
    <button
      type="button"
      className={`avatar-picker__avatar avatar-picker__maker${wearing ? ' is-current' : ''}`}
      aria-pressed={wearing !== null}
      disabled={!tier.unlocked}
      title={tier.unlocked ? 'Make your own avatar' : 'The avatar maker (locked)'}
      onClick={onMake}
    >
      {designId ? (
        <img src={avatarImageUrl(designId, 'headfront')} alt="" width={64} height={64} />
      ) : (
        <span className="avatar-picker__maker-plus" aria-hidden="true">
          +
        </span>
      )}
      <span className="avatar-picker__maker-label">Make your own</span>
      {wearing && (
        <span className="avatar-picker__check" aria-hidden="true">
          ✓
        </span>
      )}
    </button>
  );
}
