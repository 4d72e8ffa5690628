import { Link } from 'react-router';
import { sitePageMessages } from '@platter/contract';
import { offerTopbarSlot } from '../../lib/topbar-slot';
import { Logo } from '../../ui/logo';
import { usePageTitle } from '../../ui/page-title';

export function NotFoundPage() {
  usePageTitle(sitePageMessages.notFoundTitle);
  return (
    <div className="page">
      {/* A bar like every page's, with the PM button's place (lib/topbar-slot). */}
      <header className="topbar">
        <Logo />
        <div className="topbar__slot" ref={offerTopbarSlot} />
      </header>
      <main className="not-found">
        <h1>{sitePageMessages.notFound}</h1>
        <p>{sitePageMessages.notFoundHint}</p>
        <Link className="button button--primary" to="/">
          {sitePageMessages.goToLobby}
        </Link>
      </main>
    </div>
  );
}
