/**
 * Keeps every stored file measured: whenever it is asked to look (after an
 * upload, once at start for files a restart left waiting, after the demo
 * seed), it measures each `audio_files` row still `pending` in the worker and
 * writes its loudness and peaks, `ready`, or `failed` when the file cannot be
 * measured. One look runs at a time; a request made meanwhile runs another
 * look after it, so nothing uploaded during a look waits for the next upload.
 */
import type { FastifyBaseLogger } from 'fastify';
import { audioFormats, type AudioFormat } from '@platter/contract';
import type { Services } from '../../../api/context';
import { openAudioFile, pendingAudioFiles, recordAnalysis, type PendingFile } from '../files';
import { AnalysisError, createAudioAnalyser, type AnalyserOptions, type AudioMeasurement } from './analyser';

export interface AudioAnalysis {
  /** Measures the files waiting for it, soon (returns at once). */
  kick(): void;
  /** Resolves once nothing is waiting to be measured and no look is running: for tests and the seed. */
  idle(): Promise<void>;
  /** Stops looking, lets the file being measured fail, ends the worker. Pending files stay pending. */
  close(): Promise<void>;
}

type Deps = Pick<Services, 'db' | 'storage'> & { log: FastifyBaseLogger };

const BATCH = 20;

export function startAudioAnalysis(deps: Deps, options: AnalyserOptions = {}): AudioAnalysis {
  const { db, log } = deps;
  const analyser = createAudioAnalyser(options);
  let looking: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** The file's measurement, null when it cannot be measured, or 'later' when its bytes cannot be read now. */
  const measure = async (file: PendingFile): Promise<AudioMeasurement | null | 'later'> => {
    if (!(audioFormats as readonly string[]).includes(file.format)) return null;
    let copy: Awaited<ReturnType<typeof openAudioFile>>;
    try {
      copy = await openAudioFile(deps, file.hash);
    } catch (error) {
      // The storage may be out of reach for a moment (S3): the file stays pending for the next look.
      log.warn({ err: error, hash: file.hash }, 'audio file could not be read for measuring');
      return 'later';
    }
    try {
      return await analyser.analyse(copy.path, file.format as AudioFormat);
    } catch (error) {
      if (closed || !(error instanceof AnalysisError)) throw error;
      log.warn({ hash: file.hash, format: file.format, reason: error.message }, 'audio file could not be measured');
      return null;
    } finally {
      await copy.release().catch(() => {});
    }
  };

  /** Measures pending files until none is left (each once a look: one left for later is not retried at once). */
  const look = async (): Promise<void> => {
    const tried = new Set<string>();
    for (;;) {
      const files = (await pendingAudioFiles(db, BATCH + tried.size)).filter((file) => !tried.has(file.hash));
      if (files.length === 0 || closed) return;
      for (const file of files) {
        if (closed) return;
        tried.add(file.hash);
        const measurement = await measure(file);
        if (measurement !== 'later') await recordAnalysis(db, file.hash, measurement);
      }
    }
  };

  const run = (): Promise<void> =>
    look()
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'audio analysis failed');
      })
      .then(() => {
        if (again && !closed) {
          again = false;
          return run();
        }
        looking = null;
      });

  return {
    kick() {
      if (closed) return;
      if (looking) {
        again = true;
        return;
      }
      looking = run();
    },
    async idle() {
      while (looking) await looking;
    },
    async close() {
      closed = true;
      await analyser.close();
      await this.idle();
    },
  };
}
