/** The lobby header (spec §2): logo, search, and sign-up/log-in for guests or create-room and settings for members. */
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROOM_SEARCH_MAX, lobbyMessages, type SelfUser } from '@platter/contract';
import { offerTopbarSlot } from '../../lib/topbar-slot';
import { Logo } from '../../ui/logo';
import { ModalLink } from '../../ui/modal-link';
import { SettingsMenu } from './settings-menu';

export function Header({ user }: { user: SelfUser | undefined }) {
  const [params] = useSearchParams();
  const searched = params.get('search') ?? '';
  const [query, setQuery] = useState(searched);
  const navigate = useNavigate();

  // The box follows the address: a search cleared by choosing a view empties it.
  const [shownSearch, setShownSearch] = useState(searched);
  if (shownSearch !== searched) {
    setShownSearch(searched);
    setQuery(searched);
  }

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    navigate(trimmed ? `/?search=${encodeURIComponent(trimmed)}` : '/');
  };

  return (
    <header className="topbar">
      <Logo />
      <form className="search" role="search" onSubmit={search}>
        <input
          type="search"
          className="search__input"
          aria-label={lobbyMessages.searchLabel}
          placeholder={lobbyMessages.searchPlaceholder}
          maxLength={ROOM_SEARCH_MAX}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      <nav className="topbar__actions" aria-label={lobbyMessages.accountLabel}>
        {user?.registered ? (
          <>
            <ModalLink to="/create-room" className="button button--primary">
              {lobbyMessages.createRoom}
            </ModalLink>
            <ModalLink to="/music" className="button topbar__music">
              {lobbyMessages.myMusic}
            </ModalLink>
            <SettingsMenu user={user} />
          </>
        ) : user ? (
          <>
            <ModalLink to="/signup" className="button button--primary">
              {lobbyMessages.signUp}
            </ModalLink>
            <ModalLink to="/login" className="button">
              {lobbyMessages.logIn}
            </ModalLink>
          </>
        ) : null}
      </nav>
      {/* The app's PM button (lib/topbar-slot), at the bar's right end. */}
      <div className="topbar__slot" ref={offerTopbarSlot} />
    </header>
  );
}
