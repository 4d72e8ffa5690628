/**
 * The frame of the site's own pages (About, Terms, Privacy, Copyright): a
 * slim bar home (with the PM button's place), the text, and the footer the
 * app hands in.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { sitePageMessages } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { offerTopbarSlot } from '../../lib/topbar-slot';
import { LobbyLink } from '../../ui/lobby-link';
import { Logo } from '../../ui/logo';
import { usePageTitle } from '../../ui/page-title';

interface ContentPageProps {
  title: string;
  footer?: ReactNode;
  children: ReactNode;
}

export function ContentPage({ title, footer, children }: ContentPageProps) {
  usePageTitle(title);
  const { pathname, hash } = useLocation();

  // The router keeps the scroll position between pages: start each at the top, or at its #section.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <div className="page content-page">
      <header className="content-bar">
        <Logo />
        <LobbyLink
          className="content-bar__back"
          full={sitePageMessages.backToLobby}
          short={sitePageMessages.lobbyShort}
        />
        {/* The app's PM button (lib/topbar-slot), at the bar's right end. */}
        <div className="topbar__slot" ref={offerTopbarSlot} />
      </header>
      <main className="content-page__main">
        <article className="prose">{children}</article>
        {footer}
      </main>
    </div>
  );
}

/** The address of whoever runs this server, or an honest word that it has none yet. */
export function OperatorContact({ subject }: { subject?: string }) {
  const email = pageConfig.contactEmail;
  if (!email) return <>the people who run this server</>;
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return <a href={`mailto:${email}${query}`}>{email}</a>;
}

export function ContactMissingNote() {
  if (pageConfig.contactEmail) return null;
  return (
    <p className="prose__note">
      This server hasn't published a contact address yet. Ask whoever invited you here, or whoever runs it, how to reach
      them.
    </p>
  );
}
