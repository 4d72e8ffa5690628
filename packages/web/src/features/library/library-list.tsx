/**
 * The whole library, newest first, and a search over it (title, artist or album):
 * a song not in the queue goes to its end with "Add"; "Delete" takes a song out
 * of the library (and every playlist) after asking.
 */
import { useEffect, useState } from 'react';
import { SONG_TITLE_MAX, type LibrarySong, libraryPanelMessages } from '@platter/contract';
import { errorText } from '../../api/client';
import { onePress } from '../../ui/one-press';
import { Spinner } from '../../ui/spinner';
import { IconButton, SongSummary } from './song-row';
import { useAddToQueue, useLibrarySongs, useRemoveSong } from './use-library';
import type { Preview } from './use-preview';

/** Typing is searched once the typist pauses, not at every key. */
const SEARCH_PAUSE_MS = 250;

export function LibraryList({ queued, preview }: { queued: ReadonlySet<string>; preview: Preview }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(typed.trim()), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const songs = useLibrarySongs(query, true);
  const add = useAddToQueue();
  const remove = useRemoveSong();
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = songs.data?.pages.flatMap((page) => page.songs) ?? [];
  const problem = songs.error ?? add.error ?? remove.error;

  return (
    <div className="library">
      <input
        type="search"
        className="music__search"
        aria-label={libraryPanelMessages.searchLibrary}
        placeholder={libraryPanelMessages.searchLibrary}
        maxLength={SONG_TITLE_MAX}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {problem && (
        <p className="music__problem" role="alert">
          {errorText(problem)}
        </p>
      )}
      {songs.isPending ? (
        <Spinner label={libraryPanelMessages.loadingLibrary} />
      ) : list.length === 0 ? (
        <p className="music__empty">
          {query ? libraryPanelMessages.noMatches(query) : libraryPanelMessages.libraryEmpty}
        </p>
      ) : (
        <ul
          className="library__songs"
          aria-label={query ? libraryPanelMessages.matchingLabel(query) : libraryPanelMessages.libraryLabel}
        >
          {list.map((song) => (
            <li key={song._id} className="song" data-testid="library-song">
              <SongSummary song={song} preview={preview} />
              {confirming === song._id ? (
                <ConfirmDelete
                  song={song}
                  busy={remove.isPending}
                  onDelete={() => remove.mutate({ songid: song._id }, { onSuccess: () => setConfirming(null) })}
                  onKeep={() => setConfirming(null)}
                />
              ) : (
                <div className="song__actions">
                  {queued.has(song._id) ? (
                    <span className="library__queued">{libraryPanelMessages.inQueue}</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={libraryPanelMessages.addToQueue(song.metadata.song)}
                      aria-disabled={add.isPending || undefined}
                      onClick={onePress(() => {
                        if (!add.isPending) add.mutate({ song_dict: { fileid: song._id } });
                      })}
                    >
                      {libraryPanelMessages.add}
                    </button>
                  )}
                  <IconButton
                    label={libraryPanelMessages.deleteFromLibrary(song.metadata.song)}
                    onClick={() => setConfirming(song._id)}
                  >
                    <TrashIcon />
                  </IconButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {songs.hasNextPage && (
        <button
          type="button"
          className="button button--small library__more"
          aria-disabled={songs.isFetchingNextPage || undefined}
          onClick={() => {
            if (!songs.isFetchingNextPage) void songs.fetchNextPage();
          }}
        >
          {libraryPanelMessages.showMore}
        </button>
      )}
    </div>
  );
}

/** A bin, drawn (an emoji may be missing from the system's fonts). */
function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v4.5M9.5 6.5v4.5" strokeLinejoin="round" />
    </svg>
  );
}

function ConfirmDelete(props: { song: LibrarySong; busy: boolean; onDelete: () => void; onKeep: () => void }) {
  return (
    <div className="song__confirm" role="group" aria-label={libraryPanelMessages.deleteSongQuestion}>
      <p>{libraryPanelMessages.deleteSong(props.song.metadata.song)}</p>
      <div className="song__confirm-actions">
        <button
          type="button"
          className="button button--small button--danger"
          aria-disabled={props.busy || undefined}
          onClick={onePress(() => {
            if (!props.busy) props.onDelete();
          })}
        >
          {libraryPanelMessages.delete}
        </button>
        <button type="button" className="button button--small" onClick={props.onKeep} autoFocus>
          {libraryPanelMessages.keep}
        </button>
      </div>
    </div>
  );
}
