/**
 * Sends one file to the server (POST UPLOAD_PATH?filename=…, the file's bytes
 * as the body): XMLHttpRequest, since fetch cannot tell how much of a body has
 * gone. The browser streams the File from disk, so a big file is never read into
 * the page's memory and the page stays responsive while it goes.
 */
import {
  UPLOAD_PATH,
  credentialsHeader,
  libraryMessages,
  type Credentials,
  libraryPanelMessages,
  type UploadedSong,
} from '@platter/contract';
import type { SendOutcome } from './upload-queue';

/** The address a file goes to: its name only; who sends it goes in the Authorization header, out of logs. */
export function uploadUrl(filename: string): string {
  const query = new URLSearchParams({ filename, client: 'web' });
  return `${UPLOAD_PATH}?${query}`;
}

/** What the server's answer says: the song's title, or its words why not. */
export function readUploadAnswer(text: string): SendOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: libraryPanelMessages.notUnderstood };
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'boolean')
    return { ok: false, message: libraryPanelMessages.notUnderstood };
  const [ok, body] = parsed as [boolean, unknown];
  if (ok) {
    // The server shaped the answer (docs/web-weight.md); only its title is read here.
    const title = (body as Partial<UploadedSong> | null)?.song?.metadata?.song;
    return typeof title === 'string' ? { ok: true, title } : { ok: false, message: libraryPanelMessages.notUnderstood };
  }
  const err = (body as { err?: unknown } | null)?.err;
  return { ok: false, message: typeof err === 'string' && err.trim() ? err : libraryPanelMessages.notUnderstood };
}

export function sendFile(
  file: File,
  credentials: Credentials | null,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', uploadUrl(file.name));
    if (credentials) request.setRequestHeader('authorization', credentialsHeader(credentials));
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => resolve(readUploadAnswer(request.responseText));
    request.onerror = () => resolve({ ok: false, message: libraryMessages.interrupted });
    request.onabort = () => resolve({ ok: false, message: libraryPanelMessages.cancelled });
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
