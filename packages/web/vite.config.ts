import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
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
