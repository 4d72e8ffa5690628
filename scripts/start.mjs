// `npm start`: runs the release build (packages/server/dist, packages/web/dist) with plain Node,
// in this very process, so SIGTERM and SIGINT reach the server itself. Builds first when the
// build is missing, or older than the sources while the build tools are installed; a production
// install (`npm ci --omit=dev`) runs what was built and never needs them.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outputs = ['packages/web/dist/index.html', 'packages/server/dist/main.mjs'].map((p) => path.join(root, p));
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/contract/src',
  'packages/server/src',
];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

/** Whether the build's tools (dev dependencies) are installed here. */
function canBuild() {
  try {
    createRequire(path.join(root, 'packages/web/package.json')).resolve('vite');
    return true;
  } catch {
    return false;
  }
}

const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
const missing = builtAt === 0;
const stale = !missing && builtAt < Math.max(...sources.map((s) => newestChange(path.join(root, s))));
if (missing && !canBuild()) {
  console.error('Platter is not built, and the build tools are not installed: run `npm ci && npm run build` first.');
  process.exit(1);
}
if (missing || (stale && canBuild())) {
  console.log('Building Platter…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
} else if (stale) {
  console.warn('The sources changed since Platter was built; running the build as it is (`npm run build` rebuilds).');
}

await import(pathToFileURL(outputs[1]).href);
