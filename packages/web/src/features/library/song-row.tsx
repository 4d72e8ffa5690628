/**
 * One song as the panel shows it: its cover (press it to preview), title and
 * artist, length, and how its loudness measurement stands; or, while it is
 * being renamed, the editor in its place.
 */
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { LibrarySong } from '@platter/contract';
import { errorText } from '../../api/client';
import { CoverArt } from '../../ui/cover-art';
import { onePress } from '../../ui/one-press';
import { formatDuration } from '../../lib/duration';
import { libraryPanelMessages } from '@platter/contract';
import { useEditSong } from './use-library';
import type { Preview } from './use-preview';
import { stillFocusableSubmit } from '../../ui/still-focusable';

export function SongSummary({ song, preview, next = false }: { song: LibrarySong; preview: Preview; next?: boolean }) {
  const { metadata } = song;
  const playing = preview.playing === song._id;
  return (
    <>
      <button
        type="button"
        className={`song__cover${playing ? ' is-playing' : ''}`}
        aria-label={(playing ? libraryPanelMessages.stopPreview : libraryPanelMessages.preview)(metadata.song)}
        aria-pressed={playing}
        onClick={onePress(() => preview.toggle(song._id))}
      >
        <CoverArt src={metadata.coverart} size={40} lazy />
        <span className="song__play" aria-hidden="true">
          {playing ? '■' : '▶'}
        </span>
      </button>
      <div className="song__text">
        <span className="song__title">{metadata.song}</span>
        <span className="song__meta">
          {next && <span className="song__next">{libraryPanelMessages.upNext}</span>}
          {metadata.artist && <span className="song__artist">{metadata.artist}</span>}
          <span className="song__length">{formatDuration(metadata.length)}</span>
          {song.analysis === 'pending' && (
            <span className="song__analysis">{libraryPanelMessages.analysisPending}</span>
          )}
          {song.analysis === 'failed' && (
            <span className="song__analysis song__analysis--failed">{libraryPanelMessages.analysisFailed}</span>
          )}
        </span>
      </div>
    </>
  );
}

/** Title and artist edited in place: Enter saves, Escape (or Cancel) leaves them as they were. */
export function SongEditor({ song, onDone }: { song: LibrarySong; onDone: () => void }) {
  const [title, setTitle] = useState(song.metadata.song);
  const [artist, setArtist] = useState(song.metadata.artist);
  const edit = useEditSong();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    edit.mutate({ songid: song._id, song: title, artist }, { onSuccess: onDone });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape cancels the edit only: not the modal or sheet around it.
    event.stopPropagation();
    onDone();
  };

  return (
    <form className="song-editor" onSubmit={save} onKeyDown={onKeyDown}>
      <input
        className="song-editor__input"
        aria-label={libraryPanelMessages.titleLabel}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        autoFocus
      />
      <input
        className="song-editor__input"
        aria-label={libraryPanelMessages.artistLabel}
        placeholder={libraryPanelMessages.artistLabel}
        value={artist}
        onChange={(event) => setArtist(event.target.value)}
      />
      <div className="song-editor__actions">
        <button
          type="submit"
          className="button button--small button--primary"
          {...stillFocusableSubmit(edit.isPending)}
        >
          {libraryPanelMessages.save}
        </button>
        <button type="button" className="button button--small" onClick={onDone}>
          {libraryPanelMessages.cancel}
        </button>
      </div>
      {edit.error && (
        <p className="song-editor__problem" role="alert">
          {errorText(edit.error)}
        </p>
      )}
    </form>
  );
}

/**
 * A small square icon button with a label for screen readers (and as its tooltip). When it
 * cannot act (busy, or the top row's ▲) it is aria-disabled: it keeps the focus.
 */
export function IconButton({
  label,
  onClick,
  disabled,
  children,
  className = '',
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`icon-button ${className}`}
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      onClick={onePress(() => {
        if (!disabled) onClick();
      })}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
