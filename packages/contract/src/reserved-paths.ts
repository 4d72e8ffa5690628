/**
 * First path segments that Platter itself uses. A room lives at /{shortcut}
 * (spec §2), so a shortcut may never be one of these: the room would shadow the
 * app's page, or the app would hide the room. The server avoids them when it
 * makes a shortcut; tests beside the web's route tables and the server's routes
 * check that every path either registers starts with one of these.
 */
export const RESERVED_PATH_SEGMENTS = [
  // The web app's modal routes (web: app/modal-routes.tsx), opened over the lobby.
  'account',
  'create-room',
  'gold',
  'graphics',
  'login',
  'music',
  'profile',
  'reset-password',
  'signup',
  // The site's own pages (web: app/content-pages.tsx).
  'about',
  'copyright',
  'privacy',
  'terms',
  // The server: the API, the realtime sockets (a turntable-compatible gateway is to live at
  // /socket.io/websocket), signing in and out by cookie, social sign-in, pictures and media,
  // the sandbox card processor, payment webhooks, the development outbox.
  'api',
  'socket',
  'socket.io',
  'email_login',
  'guest_login',
  'logout',
  'facebook_login',
  'facebook_unattach',
  'twitter_login',
  'twitter_unattach',
  'media',
  'roommanager_assets',
  'sticker-art',
  // A song's audio (/audio/<songid>, docs/music.md).
  'audio',
  'sandbox-pay',
  'webhooks',
  'dev',
  // For operators: the process answers, it is ready for traffic, its Prometheus metrics.
  'healthz',
  'readyz',
  'metrics',
  // Files of the built web app: Vite's bundles, the icons, the static FAQ, and the names of
  // the files at the root (favicon.svg, manifest.webmanifest).
  'assets',
  'icons',
  'static',
  'favicon',
  'manifest',
] as const;

const reserved: ReadonlySet<string> = new Set(RESERVED_PATH_SEGMENTS);

/** Whether `segment` (one path segment, no slashes) is one the app uses. */
export function isReservedPathSegment(segment: string): boolean {
  return reserved.has(segment);
}
