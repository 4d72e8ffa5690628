/**
 * The lobby footer (spec §1, §2): About, Contact, Terms of Service, Privacy
 * Policy, Copyright, the FAQ, and the community's pages elsewhere.
 */
import { Link } from 'react-router';
import { footerMessages as say } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';

const PAGES = [
  { to: '/about', label: say.about },
  { to: '/about#contact', label: say.contact },
  { to: '/terms/', label: say.terms },
  { to: '/privacy/', label: say.privacy },
  { to: '/copyright/', label: say.copyright },
] as const;

export function Footer() {
  // Only the pages this instance names (SOCIAL_LINKS): product text points at no address nobody checked.
  const social = pageConfig.socialLinks ?? [];
  return (
    <footer className="site-footer">
      <nav aria-label={say.navLabel}>
        <ul className="site-footer__links">
          {PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
            </li>
          ))}
          <li>
            {/* A static page, not a route of the app. */}
            <a href="/static/faq.html">{say.faq}</a>
          </li>
        </ul>
      </nav>
      {social.length > 0 && (
        <ul className="site-footer__social" aria-label={say.socialLabel(pageConfig.productName)}>
          {social.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="me noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="site-footer__note">{say.note(pageConfig.productName)}</p>
    </footer>
  );
}
