/**
 * The analysis worker: one thread that decodes and measures stored files one
 * at a time (measure.ts), so that a long FLAC never stalls a room. Jobs wait
 * in a queue. A file that cannot be measured fails its job and nothing else:
 * should the thread itself die (a decoder that runs out of memory, a job that
 * takes too long), it is replaced for the next job.
 */
import { Worker } from 'node:worker_threads';
import { WAVEFORM_PEAKS, type AudioFormat } from '@platter/contract';
import type { AudioMeasurement } from './measure';

export type { AudioMeasurement };

/** A file that could not be measured: damaged, not what its format says, or too much for the worker. */
export class AnalysisError extends Error {}

export interface AudioAnalyser {
  /** Measures a stored file: its loudness (null when silent) and WAVEFORM_PEAKS peaks. Rejects with AnalysisError. */
  analyse(path: string, format: AudioFormat): Promise<AudioMeasurement>;
  /** Resolves once no job is queued or running. */
  idle(): Promise<void>;
  /** Fails what is still queued and ends the thread. */
  close(): Promise<void>;
}

export interface AnalyserOptions {
  /** A job still running after this long is given up and its thread replaced. */
  jobTimeoutMs?: number;
  /** The thread ends after this long without work, giving its memory back (it starts again in half a second). */
  idleMs?: number;
  /** The heap the thread may use; beyond it the thread dies and its job fails. */
  maxHeapMb?: number;
}

interface Job {
  path: string;
  format: AudioFormat;
  resolve(measurement: AudioMeasurement): void;
  reject(error: Error): void;
}

type Reply = ({ ok: true } & AudioMeasurement) | { ok: false; message: string };

export function createAudioAnalyser(options: AnalyserOptions = {}): AudioAnalyser {
  const { jobTimeoutMs = 5 * 60_000, idleMs = 10_000, maxHeapMb = 512 } = options;
  const queue: Job[] = [];
  let worker: Worker | undefined;
  let running = false;
  let closed = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  const startWorker = (): Worker => {
    const thread = new Worker(new URL('./worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    thread.unref();
    return thread;
  };

  const endWorker = (): void => {
    const thread = worker;
    worker = undefined;
    if (thread) void thread.terminate();
  };

  /** Runs one job on the thread; settles with the measurement or an AnalysisError, whatever the thread does. */
  const run = (job: Job): Promise<void> =>
    new Promise<void>((settled) => {
      const thread = (worker ??= startWorker());
      const finish = (reply: Reply | Error) => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
        if (reply instanceof Error) {
          // The thread is in no state to be trusted with another file.
          if (worker === thread) endWorker();
          job.reject(new AnalysisError(reply.message));
        } else if (reply.ok) {
          job.resolve({ loudness: reply.loudness, peaks: reply.peaks });
        } else {
          job.reject(new AnalysisError(reply.message));
        }
        settled();
      };
      const onMessage = (reply: Reply) => finish(reply);
      const onError = (error: Error) => finish(new Error(`The analysis worker failed: ${error.message}`));
      const onExit = (code: number) => finish(new Error(`The analysis worker stopped (exit code ${code})`));
      const timer = setTimeout(() => finish(new Error(`Not measured within ${jobTimeoutMs / 1000} s`)), jobTimeoutMs);
      thread.on('message', onMessage);
      thread.once('error', onError);
      thread.once('exit', onExit);
      thread.postMessage({ path: job.path, format: job.format, peakCount: WAVEFORM_PEAKS });
    });

  const pump = async (): Promise<void> => {
    if (running) return;
    running = true;
    clearTimeout(idleTimer);
    for (let job = queue.shift(); job; job = queue.shift()) await run(job);
    running = false;
    if (!closed) {
      idleTimer = setTimeout(endWorker, idleMs);
      idleTimer.unref();
    }
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  };

  return {
    analyse(path, format) {
      if (closed) return Promise.reject(new AnalysisError('The analysis worker is closed'));
      return new Promise<AudioMeasurement>((resolve, reject) => {
        queue.push({ path, format, resolve, reject });
        void pump();
      });
    },
    idle() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const job of queue.splice(0)) job.reject(new AnalysisError('The analysis worker is closed'));
      const thread = worker;
      worker = undefined;
      if (thread) await thread.terminate();
      await this.idle();
    },
  };
}
