// The analysis thread as the sources run it (tsx, tests, `npm run dev`): plain JavaScript so Node
// can start it as it is, loading the thread's TypeScript (thread.ts) through tsx. The release
// build puts thread.ts, bundled, at this same name beside the server (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
