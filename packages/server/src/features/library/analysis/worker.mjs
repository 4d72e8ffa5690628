// The analysis thread (analyser.ts): decodes and measures one file at a time, off the
// server's event loop. It is plain JavaScript so Node can start it as it is; the measuring
// itself is TypeScript, loaded through tsx like the rest of the server.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { measureFile } = await import('./measure.ts');

// The decoders report every frame they skip on the console; a damaged file would flood the
// server's log. What went wrong with a file is reported with its job instead.
console.error = () => {};
console.warn = () => {};

parentPort?.on('message', async (job) => {
  try {
    const measurement = await measureFile(job.path, job.format, job.peakCount);
    parentPort?.postMessage({ ok: true, ...measurement });
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
