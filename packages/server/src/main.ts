/** Starts Platter: reads the configuration, builds the app, seeds a first start, listens. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { whereMailGoes } from './adapters/mail';
import { ConfigError, loadConfig, type Config } from './config';
import { startHotnessSweep } from './features/rooms/membership';
import { startRoomPagesSweep } from './features/room/pages';
import { startTimelineSweep } from './features/playback';
import { startCheckpointer } from './db/checkpointer';
import { seedIfWanted } from './seed';
import { serveMetrics, type MetricsServer } from './observability/metrics-server';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

function readConfig(): Config {
  try {
    const webDist = fs.existsSync(`${WEB_DIST}/index.html`) ? WEB_DIST : undefined;
    return loadConfig(process.env, { webDist });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await buildApp(config);
await seedIfWanted(app.services, app.http.log);
// The demo's songs are measured like uploads.
app.analysis.kick();
const stopHotnessSweep = startHotnessSweep(app.services, (error) =>
  app.http.log.error({ err: error }, 'hotness sweep failed'),
);
// Renews this instance's room pages and ends the grace period of members who did not come back.
const stopPagesSweep = startRoomPagesSweep(app.services, (error) =>
  app.http.log.error({ err: error }, 'room pages sweep failed'),
);
// Holds the timeline leases of rooms (one instance drives each room's songs) and ends their songs on time.
const timeline = startTimelineSweep(app.services, (error) =>
  app.http.log.error({ err: error }, 'timeline sweep failed'),
);
app.metrics.watchTimeline(timeline);
// SQLite's checkpoints (which sync the file) run in a worker thread, off the rooms' event loop.
const stopCheckpointer =
  config.database.kind === 'sqlite'
    ? await startCheckpointer(app.services.db, config.database.file, (error) =>
        app.http.log.error({ err: error }, 'SQLite checkpoint failed'),
      )
    : async () => {};
if (!config.webDist) app.http.log.warn('The web app is not built: run `npm run build` to serve it.');
const mailNotice = whereMailGoes(config);
app.http.log[mailNotice.level](mailNotice.message);

/** However shutting down goes, the process is gone within this (a supervisor kills it at 10 s). */
const SHUTDOWN_LIMIT_MS = 9_000;
let shuttingDown = false;
const shutdown = async (signal: string) => {
  // A second signal (Ctrl-C again) means now.
  if (shuttingDown) process.exit(1);
  shuttingDown = true;
  setTimeout(() => {
    app.http.log.error('Shutting down took too long: exiting now.');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  app.http.log.info(`${signal} received, shutting down`);
  // Balancers see /readyz fail at once and send people elsewhere.
  app.readiness.stopping();
  stopHotnessSweep();
  stopPagesSweep();
  // Gives this instance's leases up, so another instance takes its rooms over at once.
  await timeline.stop();
  await stopCheckpointer();
  await metricsServer?.close();
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

let metricsServer: MetricsServer | undefined;
try {
  await app.http.listen({ port: config.port, host: config.host });
  app.http.log.info(`${config.productName} is playing at ${config.publicUrl}`);
  if (config.metrics.port !== null) {
    metricsServer = await serveMetrics(app.metrics, config.metrics.port, config.metrics.host);
    app.http.log.info(`Metrics are at http://${config.metrics.host}:${metricsServer.port}/metrics`);
  }
} catch (error) {
  const { code, port } = error as { code?: string; port?: number };
  const variable = port !== undefined && port === config.metrics.port ? 'METRICS_PORT' : 'PORT';
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port ?? config.port} is already in use. Stop what is using it or set ${variable} to another port.`
      : `Could not start: ${String(error)}`,
  );
  await app.close();
  process.exit(1);
}
