// The server's release build: esbuild bundles the TypeScript (and the contract package, whose
// exports are TypeScript sources) into plain JavaScript in packages/server/dist, started with
// `node`. A bundle, not tsc: the sources import without file extensions and share the contract
// as TypeScript, which Node cannot load as tsc would leave them. The npm packages that are plain
// JavaScript are bundled too: Node then reads one file at start instead of several hundred
// (about a second sooner on this machine, and 12 MB less resident). Those below stay outside,
// loaded from node_modules as installed, so `npm ci --omit=dev` plus this folder is enough to run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const server = path.join(root, 'packages/server');
const outdir = path.join(server, 'dist');
const EXTERNAL = [
  // Native code, found next to their own JavaScript.
  'better-sqlite3',
  '@node-rs/argon2',
  '@resvg/resvg-js',
  // WebAssembly read from their own folders.
  'audio-decode',
  'wasm-media-encoders',
  // Clients loaded only when a setting asks for them (REDIS_URL, DATABASE_URL, STORAGE=s3, Stripe's
  // keys, SMTP_URL): they stay out of the start entirely.
  'ioredis',
  'pg',
  '@aws-sdk/*',
  'stripe',
  'nodemailer',
  // Fastify's logger starts its transports' threads from files of its own.
  'pino',
  'tsx',
];

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  // Bundled code keeps the sources' `new URL('./x.mjs', import.meta.url)`, which then resolves
  // beside main.mjs: so each worker is built under the name its starter asks for.
  entryPoints: {
    main: path.join(server, 'src/main.ts'),
    worker: path.join(server, 'src/features/library/analysis/thread.ts'),
    'checkpoint-worker': path.join(server, 'src/db/checkpoint-worker.mjs'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Modules the sources import lazily (the clients for S3, Stripe, SMTP, …) stay lazy as chunks of
  // their own, and so do the packages they load: the defaults start without them.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // The bundled CommonJS packages `require` Node's own modules, which an ES module has no `require` for.
  banner: {
    js: "import { createRequire as __platterRequire } from 'node:module'; const require = __platterRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});

// Every worker the bundle starts must be one the build wrote.
const bundled = fs.readdirSync(outdir, { recursive: true }).filter((file) => file.endsWith('.mjs'));
for (const file of bundled) {
  const code = fs.readFileSync(path.join(outdir, file), 'utf8');
  for (const [, name] of code.matchAll(/new URL\(\s*"\.\/([^"]+\.mjs)",\s*import\.meta\.url\)/g))
    if (!fs.existsSync(path.join(outdir, path.dirname(file), name)))
      throw new Error(`The server bundle's ${file} starts ./${name}, which the build did not write.`);
}
console.log(`Built the server into ${path.relative(root, outdir)}/main.mjs`);
