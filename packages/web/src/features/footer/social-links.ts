import type { SocialLink } from '../../lib/page-config';

/**
 * The community's pages elsewhere, for an instance that names none of its own
 * (page config `socialLinks`). Placeholders for the project's pages until it
 * publishes them: see docs/lobby-aside.md.
 */
export const DEFAULT_SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'GitHub', href: 'https://github.com/platter-fm' },
  { label: 'Mastodon', href: 'https://mastodon.social/@platter' },
];
