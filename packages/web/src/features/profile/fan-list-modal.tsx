/**
 * The Fans and Fanned lists (spec §2: /profile/{userId}/fans and /fanned):
 * 20 to a page (FAN_PAGE_SIZE), pages counted from 1 on screen and from 0 in
 * the API, with previous and next and a page-jump box (spec §5).
 */
import { GoldEmblem } from '../../ui/gold-emblem';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { FAN_PAGE_SIZE, type FanEntry } from '@platter/contract';
import { sorryText } from '../../lib/sorry';
import { useSession } from '../../session/use-session';
import { Avatar } from '../../ui/avatar';
import { Modal } from '../../ui/modal';
import { ModalLink } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { checkPageJump } from './page-jump';
import { profilePath, ProfileTrouble } from './profile-modal';
import { useFanList, useProfile, type FanListKind } from './use-profile';
import { stillFocusable } from '../../ui/still-focusable';

const count = new Intl.NumberFormat();

function titleFor(kind: FanListKind, name: string | undefined): string {
  if (kind === 'fans') return name ? `Fans of ${name}` : 'Fans';
  return name ? `${name} is a fan of` : 'Fan of';
}

function totalFor(kind: FanListKind, total: number): string {
  if (kind === 'fans') return total === 1 ? '1 fan' : `${count.format(total)} fans`;
  return total === 1 ? 'A fan of 1 DJ' : `A fan of ${count.format(total)} DJs`;
}

export function FanListModal({ kind, onClose }: { kind: FanListKind; onClose: () => void }) {
  const { userId = '' } = useParams();
  const session = useSession();
  const [pageNumber, setPageNumber] = useState(0);
  const profile = useProfile(userId);
  const list = useFanList(kind, userId, pageNumber);
  const name = profile.data?.name;
  const title = titleFor(kind, name);
  usePageTitle(title);

  const data = list.data;
  return (
    <Modal title={title} onClose={onClose} width={560}>
      {data ? (
        <div className="fan-list-screen" aria-busy={list.isFetching || undefined}>
          <p className="fan-list__total">{totalFor(kind, data.numFans)}</p>
          {data.info.length > 0 ? (
            <ol className="fan-list" start={pageNumber * FAN_PAGE_SIZE + 1}>
              {data.info.map((entry) => (
                <FanListEntry key={entry._id} entry={entry} />
              ))}
            </ol>
          ) : (
            <p className="fan-list__empty">
              {data.numFans === 0
                ? kind === 'fans'
                  ? `${name ?? 'This member'} has no fans yet.`
                  : `${name ?? 'This member'} isn't a fan of anyone yet.`
                : 'Nobody on this page.'}
            </p>
          )}
          {data.pages > 1 && <Pager pageNumber={pageNumber} pages={data.pages} onPage={setPageNumber} />}
          <p className="fan-list__back">
            <ModalLink to={profilePath(userId)}>Back to {name ? `${name}'s` : 'the'} profile</ModalLink>
          </p>
        </div>
      ) : list.isError ? (
        <ProfileTrouble message={sorryText(list.error.message)} viewer={session.data} />
      ) : (
        <Spinner label="Loading the list…" />
      )}
    </Modal>
  );
}

function FanListEntry({ entry }: { entry: FanEntry }) {
  return (
    <li className="fan-entry">
      <Avatar src={entry.image_url} name={entry.name} size={44} className="fan-entry__avatar" />
      <div className="fan-entry__text">
        <span className="fan-entry__who">
          <ModalLink to={profilePath(entry._id)} className="fan-entry__name">
            {entry.name}
          </ModalLink>
          <GoldEmblem level={entry.subscription_level} compact />
        </span>
        <span className="fan-entry__stats">
          {count.format(entry.points)} {entry.points === 1 ? 'point' : 'points'} · {count.format(entry.fans)}{' '}
          {entry.fans === 1 ? 'fan' : 'fans'}
        </span>
      </div>
    </li>
  );
}

interface PagerProps {
  pageNumber: number;
  pages: number;
  onPage: (pageNumber: number) => void;
}

function Pager({ pageNumber, pages, onPage }: PagerProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { input: useId(), error: useId() };

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPageJump(typed, pages);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    setTyped('');
    onPage(checked.pageNumber);
  };

  return (
    <nav className="pager" aria-label="Pages">
      <div className="pager__steps">
        <button
          type="button"
          className="button button--small"
          {...stillFocusable(pageNumber === 0, () => onPage(pageNumber - 1))}
        >
          <span aria-hidden="true">‹</span> Previous
        </button>
        <span className="pager__where" aria-live="polite">
          Page {pageNumber + 1} of {pages}
        </span>
        <button
          type="button"
          className="button button--small"
          {...stillFocusable(pageNumber >= pages - 1, () => onPage(pageNumber + 1))}
        >
          Next <span aria-hidden="true">›</span>
        </button>
      </div>
      <form className="page-jump" onSubmit={jump} noValidate>
        <label htmlFor={ids.input} className="page-jump__label">
          Go to page
        </label>
        <input
          id={ids.input}
          className="field__input page-jump__input"
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.error : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="button button--small">
          Go
        </button>
        {problem && (
          <p id={ids.error} className="field__error page-jump__error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </nav>
  );
}
