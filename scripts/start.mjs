// `npm start`: builds the web app when it is missing or older than its sources, then runs the server.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtPage = path.join(root, 'packages/web/dist/index.html');
const sources = ['packages/web/src', 'packages/web/public', 'packages/web/index.html', 'packages/contract/src'];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

const builtAt = fs.existsSync(builtPage) ? fs.statSync(builtPage).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newestChange(path.join(root, s))))) {
  console.log('Building the web app…');
  execSync('npm run build -w @platter/web', { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'packages/server/src/main.ts'));
