/**
 * The page's one upload queue. It lives beside the page, not inside the panel: closing
 * My music (or going from the lobby into a room) does not stop files on their way, and
 * the panel shows them again when it opens. Leaving the page while files travel asks first.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { libraryMessages } from '@platter/contract';
import { getCredentials } from '../../api/credentials';
import { sendFile } from './upload-file';
import { UploadQueue } from './upload-queue';
import { libraryKey } from '../../api/library-keys';

let maxFileBytes: number | null = null;
let afterUpload: (() => void) | null = null;

const MEGABYTE = 1024 * 1024;

/** Refusals the page knows before sending a byte, in the server's own words (and its MB: 1024 × 1024 bytes). */
function precheck(file: File): string | null {
  if (file.size === 0) return libraryMessages.empty;
  if (maxFileBytes !== null && file.size > maxFileBytes)
    return libraryMessages.tooBig(Math.floor(maxFileBytes / MEGABYTE));
  return null;
}

const queue = new UploadQueue<File>({
  send: (file, onProgress, signal) => sendFile(file, getCredentials(), onProgress, signal),
  precheck,
  onUploaded: () => afterUpload?.(),
});

let warnsOnLeave = false;
function warnOnLeave() {
  if (warnsOnLeave || typeof window === 'undefined') return;
  warnsOnLeave = true;
  window.addEventListener('beforeunload', (event) => {
    if (queue.busy) event.preventDefault();
  });
}

export function useUploads(maxFile: number | undefined) {
  const queryClient = useQueryClient();
  const uploads = useSyncExternalStore(queue.subscribe, queue.snapshot);
  useEffect(() => {
    if (maxFile !== undefined) maxFileBytes = maxFile;
  }, [maxFile]);
  useEffect(() => {
    // A new song is in the library, the active playlist and the space used.
    afterUpload = () => void queryClient.invalidateQueries({ queryKey: libraryKey() });
  }, [queryClient]);
  return {
    uploads,
    add: (files: Iterable<File>) => {
      warnOnLeave();
      queue.add(files);
    },
    cancel: (id: number) => queue.cancel(id),
    clearFinished: () => queue.clearFinished(),
  };
}
