/**
 * The site's own pages (spec §2 footer): About, Terms of Service, Privacy
 * Policy and Copyright, as page routes for app-routes.tsx. Each path also
 * matches with a trailing slash, as the footer links them. The FAQ is a
 * static file (public/static/faq.html), not a route.
 */
import type { ReactElement } from 'react';
import { Footer } from '../features/footer/footer';
import { AboutPage } from '../features/pages/about-page';
import { CopyrightPage } from '../features/pages/copyright-page';
import { PrivacyPage } from '../features/pages/privacy-page';
import { TermsPage } from '../features/pages/terms-page';

export interface ContentPageRoute {
  path: string;
  element: ReactElement;
}

export const contentPageRoutes: readonly ContentPageRoute[] = [
  { path: '/about', element: <AboutPage footer={<Footer />} /> },
  { path: '/terms', element: <TermsPage footer={<Footer />} /> },
  { path: '/privacy', element: <PrivacyPage footer={<Footer />} /> },
  { path: '/copyright', element: <CopyrightPage footer={<Footer />} /> },
];
