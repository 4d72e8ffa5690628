import { expect, test } from 'vitest';
import { UploadQueue, type SendOutcome } from './upload-queue';

interface Sent {
  name: string;
  progress: (sent: number, total: number) => void;
  finish: (outcome: SendOutcome) => void;
  fail: (error: Error) => void;
  signal: AbortSignal;
}

/** A queue whose sends wait until the test finishes them, recording what was started. */
function queueWith(
  options: { concurrency?: number; precheck?: (file: { name: string; size: number }) => string | null } = {},
) {
  const started: Sent[] = [];
  let uploaded = 0;
  const queue = new UploadQueue({
    ...options,
    send: (file, progress, signal) =>
      new Promise<SendOutcome>((finish, fail) => started.push({ name: file.name, progress, finish, fail, signal })),
    onUploaded: () => uploaded++,
  });
  const statuses = () => queue.snapshot().map((upload) => [upload.name, upload.status.kind]);
  return { queue, started, statuses, uploaded: () => uploaded };
}

const files = (...names: string[]) => names.map((name) => ({ name, size: 1000 }));
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test('at most `concurrency` files travel at once, in the order they were added', async () => {
  const { queue, started, statuses, uploaded } = queueWith({ concurrency: 2 });
  queue.add(files('a.mp3', 'b.mp3', 'c.mp3', 'd.mp3', 'e.mp3'));
  expect(started.map((sent) => sent.name)).toEqual(['a.mp3', 'b.mp3']);
  expect(statuses()).toEqual([
    ['a.mp3', 'sending'],
    ['b.mp3', 'sending'],
    ['c.mp3', 'waiting'],
    ['d.mp3', 'waiting'],
    ['e.mp3', 'waiting'],
  ]);
  // The second one finishes first: the third starts in its place.
  started[1]?.finish({ ok: true, title: 'B' });
  await settled();
  expect(started.map((sent) => sent.name)).toEqual(['a.mp3', 'b.mp3', 'c.mp3']);
  // A refusal frees its place just the same.
  started[0]?.finish({ ok: false, message: 'That file is empty.' });
  started[2]?.fail(new Error('The upload was interrupted.'));
  await settled();
  expect(started.map((sent) => sent.name)).toEqual(['a.mp3', 'b.mp3', 'c.mp3', 'd.mp3', 'e.mp3']);
  started[3]?.finish({ ok: true, title: 'D' });
  started[4]?.finish({ ok: true, title: 'E' });
  await settled();
  expect(queue.snapshot().map((upload) => upload.status)).toEqual([
    { kind: 'failed', message: 'That file is empty.' },
    { kind: 'done', title: 'B' },
    { kind: 'failed', message: 'The upload was interrupted.' },
    { kind: 'done', title: 'D' },
    { kind: 'done', title: 'E' },
  ]);
  expect(uploaded()).toBe(3);
  expect(queue.busy).toBe(false);
});

test('progress reads in whole percent, and a file wholly sent is being read by the server', () => {
  const { queue, started } = queueWith();
  queue.add(files('a.flac'));
  const seen: unknown[] = [];
  queue.subscribe(() => seen.push(queue.snapshot()[0]?.status));
  started[0]?.progress(250, 1000);
  started[0]?.progress(251, 1000); // still 25 %: nothing new to draw
  started[0]?.progress(999, 1000);
  started[0]?.progress(1000, 1000);
  expect(seen).toEqual([{ kind: 'sending', percent: 25 }, { kind: 'sending', percent: 99 }, { kind: 'reading' }]);
  expect(queue.busy).toBe(true);
});

test('a precheck refuses a file at once without sending it, and the others go on', () => {
  const { queue, started, statuses } = queueWith({
    precheck: (file) => (file.name.startsWith('big') ? 'Files can be at most 100 MB.' : null),
  });
  queue.add(files('big.wav', 'small.wav'));
  expect(started.map((sent) => sent.name)).toEqual(['small.wav']);
  expect(statuses()).toEqual([
    ['big.wav', 'failed'],
    ['small.wav', 'sending'],
  ]);
  expect(queue.snapshot()[0]?.status).toEqual({ kind: 'failed', message: 'Files can be at most 100 MB.' });
});

test('cancelling stops a file on its way (its place goes to the next) or one still waiting', async () => {
  const { queue, started, statuses } = queueWith({ concurrency: 1 });
  queue.add(files('a.ogg', 'b.ogg', 'c.ogg'));
  const [first] = queue.snapshot();
  queue.cancel(first!.id);
  expect(started[0]?.signal.aborted).toBe(true);
  expect(started.map((sent) => sent.name)).toEqual(['a.ogg', 'b.ogg']);
  // An answer arriving after the cancel changes nothing.
  started[0]?.finish({ ok: true, title: 'A' });
  queue.cancel(queue.snapshot()[2]!.id);
  started[1]?.finish({ ok: true, title: 'B' });
  await settled();
  expect(statuses()).toEqual([
    ['a.ogg', 'cancelled'],
    ['b.ogg', 'done'],
    ['c.ogg', 'cancelled'],
  ]);
  expect(started).toHaveLength(2);
  // Finished rows can be cleared; cancelling a finished one does nothing.
  queue.cancel(queue.snapshot()[1]!.id);
  expect(queue.snapshot()[1]?.status.kind).toBe('done');
  queue.clearFinished();
  expect(queue.snapshot()).toEqual([]);
});
