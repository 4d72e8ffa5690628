/**
 * The frame of the site's own pages (About, Terms, Privacy, Copyright): a
 * slim bar home (with the PM button's place), the text, and the footer the
 * app hands in.
 */
import { Fragment, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
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
  if (!email) return <>{sitePageMessages.operatorFallback}</>;
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return <a href={`mailto:${email}${query}`}>{email}</a>;
}

export function ContactMissingNote() {
  if (pageConfig.contactEmail) return null;
  return <p className="prose__note">{sitePageMessages.contactMissing}</p>;
}

/** `[words](/path)`, `**words**`, `` `words` `` and `{contact:Subject}` (the contract's site-pages.ts). */
const MARKUP = /\[([^\]]+)\]\(([^)]+)\)|\*\*([^*]+)\*\*|`([^`]+)`|\{contact:([^}]*)\}/g;

/** A sentence of the contract's site pages with its links, emphasis, code and contact address as elements. */
export function SiteProse({ text }: { text: string }) {
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKUP)) {
    if (match.index > last) pieces.push(text.slice(last, match.index));
    const [, label, target, strong, code, subject] = match;
    if (label !== undefined && target !== undefined) {
      // Paths of the app go through the router; the static FAQ is a page of its own.
      pieces.push(target.startsWith('/static/') ? <a href={target}>{label}</a> : <Link to={target}>{label}</Link>);
    } else if (strong !== undefined) pieces.push(<strong>{strong}</strong>);
    else if (code !== undefined) pieces.push(<code>{code}</code>);
    else pieces.push(<OperatorContact subject={subject} />);
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>{piece}</Fragment>
      ))}
    </>
  );
}

/** A list of such sentences. */
export function SiteProseList({ items, ordered = false }: { items: readonly string[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List>
      {items.map((item) => (
        <li key={item}>
          <SiteProse text={item} />
        </li>
      ))}
    </List>
  );
}
