/**
 * The lobby footer (spec §1, §2): About, Contact, Terms of Service, Privacy
 * Policy, Copyright, the FAQ, and the community's pages elsewhere.
 */
import { Link } from 'react-router';
import { pageConfig } from '../../lib/page-config';
import { DEFAULT_SOCIAL_LINKS } from './social-links';

const PAGES = [
  { to: '/about', label: 'About' },
  { to: '/about#contact', label: 'Contact' },
  { to: '/terms/', label: 'Terms of Service' },
  { to: '/privacy/', label: 'Privacy Policy' },
  { to: '/copyright/', label: 'Copyright' },
] as const;

export function Footer() {
  const social = pageConfig.socialLinks ?? DEFAULT_SOCIAL_LINKS;
  return (
    <footer className="site-footer">
      <nav aria-label="About this server">
        <ul className="site-footer__links">
          {PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
            </li>
          ))}
          <li>
            {/* A static page, not a route of the app. */}
            <a href="/static/faq.html">FAQ</a>
          </li>
        </ul>
      </nav>
      {social.length > 0 && (
        <ul className="site-footer__social" aria-label={`${pageConfig.productName} elsewhere`}>
          {social.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="me noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="site-footer__note">
        {pageConfig.productName}: play music together, on a server run by its community.
      </p>
    </footer>
  );
}
