/**
 * The Graphics modal's toggles (spec §2): Zoom, Animation and WebGL, each
 * stored as a "disable" preference (spec §3: snake_case on the server), so a
 * toggle is on while its preference is false.
 */
import type { Preferences } from '@platter/contract';

export type GraphicsPreference = 'disable_zoom' | 'disable_animation' | 'disable_webgl';

export interface GraphicsToggle {
  preference: GraphicsPreference;
  label: string;
  description: string;
}

export const GRAPHICS_TOGGLES: readonly GraphicsToggle[] = [
  {
    preference: 'disable_zoom',
    label: 'Zoom',
    description: 'Cover art, avatars and room tiles grow a little under your pointer.',
  },
  {
    preference: 'disable_animation',
    label: 'Animation',
    description: 'Fades, slides and spinning records. Turn it off for a calmer page.',
  },
  {
    preference: 'disable_webgl',
    label: 'WebGL',
    description:
      "Draws a room's stage with your graphics card. Turn it off if rooms are slow or look wrong. Changing it while in a room reloads the page.",
  },
];

export function isOn(preferences: Preferences, preference: GraphicsPreference): boolean {
  return !preferences[preference];
}

// One-segment paths that are the site's pages or modal routes rather than rooms
// (spec §2: a room is /{shortcut or roomid}).
const SITE_PAGES = new Set([
  'about',
  'terms',
  'privacy',
  'copyright',
  'static',
  'profile',
  'account',
  'reset-password',
  'signup',
  'login',
  'create-room',
  'graphics',
  'gold',
]);

/**
 * Whether a page is a room: one path segment that is not one of the site's
 * pages. Changing WebGL there reloads to the base URL (spec §2 Graphics
 * modal), because a room's renderer is chosen when it starts.
 */
export function isRoomPage(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  return segments.length === 1 && first !== undefined && !SITE_PAGES.has(first.toLowerCase());
}
