import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';
import { pureContract } from './pure-contract';

const server = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), pureContract(), precompress()],
  // 'hidden': maps are written for whoever debugs a build, but no bundle points at them and the server never serves them.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: what each page loads, read by bundle-budget.ts.
    manifest: true,
  },
  server: {
    port: 5173,
    // In development the API server runs beside Vite (npm run dev).
    proxy: {
      ...Object.fromEntries(
        ['/api', '/email_login', '/guest_login', '/logout', '/roommanager_assets', '/sandbox-pay'].map((p) => [
          p,
          server,
        ]),
      ),
      // The realtime socket (api/realtime.ts).
      '/socket': { target: server, ws: true },
    },
  },
});
