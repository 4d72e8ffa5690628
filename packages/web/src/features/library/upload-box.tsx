/**
 * Adding files: the picker (many at once, audio types offered first) and each
 * file's row — its progress while it travels, then "Added to your queue" or the
 * server's words why not. Files dropped anywhere on the panel land here too.
 */
import { useRef } from 'react';
import { libraryPanelMessages } from '@platter/contract';
import { formatBytes } from './format';
import type { Upload } from './upload-queue';
import type { useUploads } from './use-uploads';

/** What the picker offers: audio by type, and by name for systems that do not know a type (.opus, .flac). */
export const AUDIO_ACCEPT = 'audio/*,.mp3,.m4a,.aac,.ogg,.oga,.opus,.flac,.wav';

export function UploadBox({ uploads }: { uploads: ReturnType<typeof useUploads> }) {
  const picker = useRef<HTMLInputElement>(null);
  const finished = uploads.uploads.some((upload) => ['done', 'failed', 'cancelled'].includes(upload.status.kind));
  return (
    <div className="uploads">
      <div className="uploads__bar">
        <button type="button" className="button button--primary button--small" onClick={() => picker.current?.click()}>
          {libraryPanelMessages.uploadSongs}
        </button>
        <span className="uploads__hint">{libraryPanelMessages.orDropFiles}</span>
        <input
          ref={picker}
          type="file"
          className="uploads__picker"
          aria-label={libraryPanelMessages.chooseFiles}
          accept={AUDIO_ACCEPT}
          multiple
          onChange={(event) => {
            uploads.add([...(event.target.files ?? [])]);
            // The same file may be chosen again (after fixing it, say).
            event.target.value = '';
          }}
        />
        {finished && (
          <button type="button" className="link-button uploads__clear" onClick={uploads.clearFinished}>
            {libraryPanelMessages.clearFinished}
          </button>
        )}
      </div>
      {uploads.uploads.length > 0 && (
        <ul className="uploads__list" aria-label={libraryPanelMessages.uploadsLabel}>
          {uploads.uploads.map((upload) => (
            <UploadRow key={upload.id} upload={upload} onCancel={() => uploads.cancel(upload.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({ upload, onCancel }: { upload: Upload; onCancel: () => void }) {
  const { status } = upload;
  const percent = status.kind === 'sending' ? status.percent : status.kind === 'waiting' ? 0 : 100;
  const travelling = status.kind === 'waiting' || status.kind === 'sending' || status.kind === 'reading';
  const words =
    status.kind === 'waiting'
      ? libraryPanelMessages.waiting
      : status.kind === 'sending'
        ? `${status.percent}%`
        : status.kind === 'reading'
          ? libraryPanelMessages.reading
          : status.kind === 'done'
            ? libraryPanelMessages.added
            : status.kind === 'cancelled'
              ? libraryPanelMessages.cancelled
              : status.message;
  return (
    <li className={`upload upload--${status.kind}`} data-testid="upload">
      <div className="upload__top">
        <span className="upload__name">{upload.name}</span>
        <span className="upload__size">{formatBytes(upload.size)}</span>
        {travelling && (
          <button
            type="button"
            className="icon-button"
            aria-label={libraryPanelMessages.cancelUpload(upload.name)}
            onClick={onCancel}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {travelling && (
        <div
          className="upload__bar"
          role="progressbar"
          aria-label={libraryPanelMessages.uploading(upload.name)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span
            className={`upload__fill${status.kind === 'reading' ? ' is-reading' : ''}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <p className="upload__status" role={status.kind === 'failed' ? 'alert' : undefined}>
        {words}
      </p>
    </li>
  );
}
