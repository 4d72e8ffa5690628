// `npm run dev`: the API server (restarting on change) beside Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

// A developer's machine: the mail kept is shown at /dev/outbox (the server refuses this unless PUBLIC_URL is loopback).
const serverEnv = { ...process.env, DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1' };
const children = [
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@platter/web'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
