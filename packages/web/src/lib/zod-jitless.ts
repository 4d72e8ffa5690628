/**
 * zod compiles a fast path for object schemas with `new Function`, and probes for it when the
 * first one is built: the page's Content-Security-Policy (script-src 'self', no 'unsafe-eval')
 * reports that probe as a violation even though zod catches the refusal. The few schemas the
 * page's forms still use run without it (docs/web-weight.md). Imported first by main.tsx, before
 * any schema is built; `config` alone is a few hundred bytes of zod's core.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
