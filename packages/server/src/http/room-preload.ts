/**
 * A room's address gets a page that names the room's code and styles for the browser to fetch at
 * once (`<link rel="modulepreload">`, `<link rel="stylesheet">`), beside the lobby's entry, rather than after the entry has run
 * and React has asked for it. The room's chunk and what it imports come from Vite's build
 * manifest (web vite.config.ts writes it); those the entry already loads are left out. Why a
 * preload written by the server and not an early import() in the entry: the entry is most of
 * the page's JavaScript, and an import() it makes starts only once it has arrived and run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isReservedPathSegment } from '@platter/contract';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The room page's module in the web's sources, as the manifest keys it (app/app-routes.tsx imports it lazily). */
export const ROOM_CHUNK = 'src/features/room/room-page.tsx';

/** The preload links for a room's page, or '' when the build has no manifest or no room chunk. */
export function roomPreloadLinks(webDist: string): string {
  const manifestPath = path.join(webDist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) return '';
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[ROOM_CHUNK] || !manifest['index.html']) return '';
  const withEntry = new Set(staticFiles(manifest, 'index.html'));
  const roomOnly = staticFiles(manifest, ROOM_CHUNK).filter((file) => !withEntry.has(file));
  // The room's styles are linked too: the lazy import waits for a chunk's styles before the room
  // renders, and asked for only then they would cost the page another round trip.
  return roomOnly
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

/** A chunk's files and those of what it imports statically: scripts and their stylesheets. */
function staticFiles(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    chunk.file,
    ...(chunk.css ?? []),
    ...(chunk.imports ?? []).flatMap((imported) => staticFiles(manifest, imported, seen)),
  ];
}

/** Whether a page path is a room's (spec §2: /{shortcut or roomid}, one segment the app does not use). */
export function isRoomPath(url: string): boolean {
  const match = /^\/([^/?#]+)\/?(?:[?#]|$)/.exec(url);
  if (!match?.[1]) return false;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]);
  } catch {
    return false;
  }
  return !isReservedPathSegment(segment);
}
