/**
 * The page's uploads: each file a row (waiting, sending with its progress,
 * read by the server, done or refused), sent a few at a time so that ten
 * files do not split the line ten ways and the first songs arrive first.
 * It knows nothing of HTTP or React: `send` does the sending (upload-file.ts),
 * and React reads it through subscribe/snapshot (use-uploads.ts).
 */

/** Where an upload stands. `reading`: every byte is sent and the server is checking the file. */
export type UploadStatus =
  | { kind: 'waiting' }
  | { kind: 'sending'; percent: number }
  | { kind: 'reading' }
  | { kind: 'done'; title: string }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

export interface Upload {
  id: number;
  name: string;
  size: number;
  status: UploadStatus;
}

/** What sending one file came to: the song's title, or the server's (or the page's) words why not. */
export type SendOutcome = { ok: true; title: string } | { ok: false; message: string };

export interface FileLike {
  name: string;
  size: number;
}

/** Sends one file, telling its progress (bytes sent of all); aborting the signal stops it. */
export type SendFile<F extends FileLike> = (
  file: F,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
) => Promise<SendOutcome>;

export interface UploadQueueOptions<F extends FileLike> {
  send: SendFile<F>;
  /** How many files travel at once. */
  concurrency?: number;
  /** A refusal known before sending (an empty or too-big file): its message, or null to send. */
  precheck?: (file: F) => string | null;
  /** Called after each song the server took. */
  onUploaded?: () => void;
}

/** "A few at a time": two keep the line busy without splitting it many ways. */
export const UPLOAD_CONCURRENCY = 2;

const finished = (status: UploadStatus) =>
  status.kind === 'done' || status.kind === 'failed' || status.kind === 'cancelled';

export class UploadQueue<F extends FileLike> {
  private uploads: readonly Upload[] = [];
  private readonly files = new Map<number, F>();
  private readonly running = new Map<number, AbortController>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private readonly concurrency: number;

  constructor(private readonly options: UploadQueueOptions<F>) {
    this.concurrency = Math.max(1, options.concurrency ?? UPLOAD_CONCURRENCY);
  }

  /** The rows as they are now: a new array whenever anything changed (for useSyncExternalStore). */
  snapshot = (): readonly Upload[] => this.uploads;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether any file is waiting or on its way (the page warns before it is closed). */
  get busy(): boolean {
    return this.uploads.some((upload) => !finished(upload.status));
  }

  add(files: Iterable<F>): void {
    const added: Upload[] = [];
    for (const file of files) {
      const id = this.nextId++;
      const refusal = this.options.precheck?.(file) ?? null;
      const status: UploadStatus = refusal ? { kind: 'failed', message: refusal } : { kind: 'waiting' };
      if (!refusal) this.files.set(id, file);
      added.push({ id, name: file.name, size: file.size, status });
    }
    if (added.length === 0) return;
    this.uploads = [...this.uploads, ...added];
    this.pump();
    this.emit();
  }

  /** Stops a file that is waiting or on its way; a finished one is left as it is. */
  cancel(id: number): void {
    const upload = this.uploads.find((candidate) => candidate.id === id);
    if (!upload || finished(upload.status)) return;
    this.files.delete(id);
    this.running.get(id)?.abort();
    this.running.delete(id);
    this.set(id, { kind: 'cancelled' });
    this.pump();
  }

  /** Takes the finished rows off the list. */
  clearFinished(): void {
    this.uploads = this.uploads.filter((upload) => !finished(upload.status));
    this.emit();
  }

  /** Starts waiting files while fewer than `concurrency` travel, in the order they were added. */
  private pump(): void {
    for (const upload of this.uploads) {
      if (this.running.size >= this.concurrency) return;
      if (upload.status.kind === 'waiting') this.start(upload.id);
    }
  }

  private start(id: number): void {
    const file = this.files.get(id);
    if (!file) return;
    const controller = new AbortController();
    this.running.set(id, controller);
    this.set(id, { kind: 'sending', percent: 0 });
    const onProgress = (sent: number, total: number) => {
      if (controller.signal.aborted) return;
      const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
      const current = this.uploads.find((upload) => upload.id === id)?.status;
      // Every byte sent: the server now reads the file before it answers.
      if (percent >= 100) {
        if (current?.kind !== 'reading') this.set(id, { kind: 'reading' });
      } else if (current?.kind !== 'sending' || current.percent !== percent) {
        this.set(id, { kind: 'sending', percent });
      }
    };
    const settle = (status: UploadStatus) => {
      if (controller.signal.aborted) return;
      this.running.delete(id);
      this.files.delete(id);
      this.set(id, status);
      if (status.kind === 'done') this.options.onUploaded?.();
      this.pump();
    };
    this.options.send(file, onProgress, controller.signal).then(
      (outcome) =>
        settle(outcome.ok ? { kind: 'done', title: outcome.title } : { kind: 'failed', message: outcome.message }),
      (error: unknown) => settle({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }

  private set(id: number, status: UploadStatus): void {
    this.uploads = this.uploads.map((upload) => (upload.id === id ? { ...upload, status } : upload));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
