/**
 * `npm run bench`: every suite, one after another; `npm run bench -- room` or
 * `npm run bench -- lobby` runs one (`stage` and `release` need `npm run build` first). Each prints its table. Never part of
 * `npm test`. Knobs: see the top of each suite (lobby.ts, room.ts, uploads.ts, …).
 */
const suites: Record<string, () => Promise<unknown>> = {
  room: () => import('./room'),
  lobby: () => import('./lobby'),
  audio: () => import('./audio'),
  uploads: () => import('./uploads'),
  'song-change': () => import('./song-change'),
  stage: () => import('./stage'),
  lighthouse: () => import('./lighthouse'),
  release: () => import('./release'),
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !Object.hasOwn(suites, name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}.`);
  process.exit(1);
}
for (const name of chosen.length > 0 ? chosen : Object.keys(suites)) await suites[name]?.();
export {};
