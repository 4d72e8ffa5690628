/**
 * The analysis thread's body (analyser.ts): decodes and measures one file at a time, off the
 * server's event loop. The release build bundles it as dist/worker.mjs; from the sources,
 * worker.mjs loads it through tsx.
 */
import { parentPort } from 'node:worker_threads';
import { measureFile } from './measure';

// The decoders report every frame they skip on the console; a damaged file would flood the
// server's log. What went wrong with a file is reported with its job instead.
console.error = () => {};
console.warn = () => {};

interface Job {
  path: string;
  format: Parameters<typeof measureFile>[1];
  peakCount: number;
}

parentPort?.on('message', async (job: Job) => {
  try {
    const measurement = await measureFile(job.path, job.format, job.peakCount);
    parentPort?.postMessage({ ok: true, ...measurement });
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
