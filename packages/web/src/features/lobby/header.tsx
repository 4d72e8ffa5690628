/** The lobby header (spec §2): logo, search, and sign-up/log-in for guests or create-room and settings for members. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SelfUser } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { ModalLink } from '../../ui/modal-link';
import { SettingsMenu } from './settings-menu';

export function Header({ user }: { user: SelfUser | undefined }) {
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('search') ?? '');
  const navigate = useNavigate();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    navigate(trimmed ? `/?search=${encodeURIComponent(trimmed)}` : '/');
  };

  return (
    <header className="topbar">
      <Link to="/" className="logo" aria-label={`${pageConfig.productName} home`}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className="logo__name">{pageConfig.productName}</span>
      </Link>
      <form className="search" role="search" onSubmit={search}>
        <input
          type="search"
          className="search__input"
          aria-label="Search rooms"
          placeholder="Search rooms, songs, artists"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      <nav className="topbar__actions" aria-label="Account">
        {user?.registered ? (
          <>
            <ModalLink to="/create-room" className="button button--primary">
              Create a room
            </ModalLink>
            <SettingsMenu user={user} />
          </>
        ) : user ? (
          <>
            <ModalLink to="/signup" className="button button--primary">
              Sign up
            </ModalLink>
            <ModalLink to="/login" className="button">
              Log in
            </ModalLink>
          </>
        ) : null}
      </nav>
    </header>
  );
}
