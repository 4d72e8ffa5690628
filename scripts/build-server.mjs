// The server's release build: esbuild bundles the TypeScript (and the contract package, whose
// exports are TypeScript sources) into plain JavaScript in packages/server/dist, started with
// `node`. npm packages stay outside the bundle (their native parts, their own files), so
// `npm ci --omit=dev` plus this folder is enough to run. A bundle, not tsc: the sources import
// without file extensions and share the contract as TypeScript, which Node cannot load as tsc
// would leave them; one file also starts faster than hundreds of modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const server = path.join(root, 'packages/server');
const outdir = path.join(server, 'dist');
const dependenciesOf = (pkg) =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(root, pkg, 'package.json'), 'utf8')).dependencies ?? {});

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
  external: [...dependenciesOf('packages/server'), ...dependenciesOf('packages/contract')],
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
