/**
 * The site's own pages (spec §2 footer): About, Terms of Service, Privacy
 * Policy and Copyright, as page routes for app-routes.tsx. Each path also
 * matches with a trailing slash, as the footer links them. The FAQ is a
 * static file (public/static/faq.html), not a route. Their text comes when one
 * is opened, not with the lobby (docs/web-weight.md).
 */
import { Suspense, type ReactElement } from 'react';
import { Footer } from '../features/footer/footer';
import { Spinner } from '../ui/spinner';
import { lazyScreen } from './lazy-screen';

const AboutPage = lazyScreen(() => import('../features/pages/about-page'), 'AboutPage');
const CopyrightPage = lazyScreen(() => import('../features/pages/copyright-page'), 'CopyrightPage');
const PrivacyPage = lazyScreen(() => import('../features/pages/privacy-page'), 'PrivacyPage');
const TermsPage = lazyScreen(() => import('../features/pages/terms-page'), 'TermsPage');

const page = (element: ReactElement) => <Suspense fallback={<Spinner />}>{element}</Suspense>;

export interface ContentPageRoute {
  path: string;
  element: ReactElement;
}

export const contentPageRoutes: readonly ContentPageRoute[] = [
  { path: '/about', element: page(<AboutPage footer={<Footer />} />) },
  { path: '/terms', element: page(<TermsPage footer={<Footer />} />) },
  { path: '/privacy', element: page(<PrivacyPage footer={<Footer />} />) },
  { path: '/copyright', element: page(<CopyrightPage footer={<Footer />} />) },
];
