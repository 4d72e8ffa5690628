/**
 * The member's playlists: choosing one makes it the active one (the queue they
 * DJ from); a new one, renaming and deleting the chosen one happen in place,
 * with the server's words when it refuses (a name taken, the last playlist…).
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { PLAYLIST_NAME_MAX, libraryPanelMessages } from '@platter/contract';
import { errorText } from '../../api/client';
import { onePress } from '../../ui/one-press';
import {
  useCreatePlaylist,
  useDeletePlaylist,
  usePlaylists,
  useRenamePlaylist,
  useSwitchPlaylist,
} from './use-library';
import { stillFocusableSubmit } from '../../ui/still-focusable';

type Mode = 'create' | 'rename' | 'delete' | null;

export function PlaylistBar() {
  const playlists = usePlaylists();
  const switchTo = useSwitchPlaylist();
  const [mode, setMode] = useState<Mode>(null);
  const active = playlists.data?.find((playlist) => playlist.active);
  const list = playlists.data ?? [];

  return (
    <div className="playlists">
      <div className="playlists__row">
        <label className="playlists__choice">
          <span className="playlists__label">{libraryPanelMessages.playlistLabel}</span>
          <select
            className="playlists__select"
            value={active?.name ?? ''}
            disabled={!active}
            aria-disabled={switchTo.isPending || undefined}
            onChange={(event) => {
              // Busy switching: aria-disabled, not disabled, so that the list keeps the focus.
              if (switchTo.isPending) return;
              setMode(null);
              switchTo.mutate({ playlist_name: event.target.value });
            }}
          >
            {list.map((playlist) => (
              <option key={playlist.name} value={playlist.name}>
                {playlist.name} ({playlist.count})
              </option>
            ))}
          </select>
        </label>
        <div className="playlists__actions">
          <button type="button" className="button button--small" onClick={() => setMode('create')}>
            {libraryPanelMessages.newPlaylist}
          </button>
          <button type="button" className="button button--small" disabled={!active} onClick={() => setMode('rename')}>
            {libraryPanelMessages.renamePlaylist}
          </button>
          <button type="button" className="button button--small" disabled={!active} onClick={() => setMode('delete')}>
            {libraryPanelMessages.delete}
          </button>
        </div>
      </div>
      {switchTo.error && (
        <p className="music__problem" role="alert">
          {errorText(switchTo.error)}
        </p>
      )}
      {mode === 'create' && (
        <NameForm
          action={libraryPanelMessages.createPlaylist}
          label={libraryPanelMessages.newPlaylistName}
          onDone={() => setMode(null)}
        />
      )}
      {mode === 'rename' && active && (
        <NameForm
          action={libraryPanelMessages.renamePlaylist}
          label={libraryPanelMessages.renamedPlaylistName}
          from={active.name}
          onDone={() => setMode(null)}
        />
      )}
      {mode === 'delete' && active && <ConfirmDelete name={active.name} onDone={() => setMode(null)} />}
    </div>
  );
}

/** A name for a new playlist, or a new name for the active one. */
function NameForm({
  action,
  label,
  from,
  onDone,
}: {
  action: string;
  label: string;
  from?: string;
  onDone: () => void;
}) {
  const [name, setName] = useState(from ?? '');
  const create = useCreatePlaylist();
  const rename = useRenamePlaylist();
  const pending = create.isPending || rename.isPending;
  const error = create.error ?? rename.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (from === undefined) {
      create.mutate({ playlist_name: name }, { onSuccess: onDone });
    } else {
      rename.mutate({ old_playlist_name: from, new_playlist_name: name }, { onSuccess: onDone });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onDone();
  };

  return (
    <form className="playlists__form" onSubmit={submit} onKeyDown={onKeyDown}>
      <input
        className="song-editor__input"
        aria-label={label}
        placeholder={label}
        maxLength={PLAYLIST_NAME_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoFocus
      />
      <button type="submit" className="button button--small button--primary" {...stillFocusableSubmit(pending)}>
        {action}
      </button>
      <button type="button" className="button button--small" onClick={onDone}>
        {libraryPanelMessages.cancel}
      </button>
      {error && (
        <p className="music__problem" role="alert">
          {errorText(error)}
        </p>
      )}
    </form>
  );
}

function ConfirmDelete({ name, onDone }: { name: string; onDone: () => void }) {
  const remove = useDeletePlaylist();
  return (
    <div className="playlists__form" role="group" aria-label={libraryPanelMessages.deletePlaylistQuestion}>
      <p className="playlists__question">{libraryPanelMessages.deletePlaylist(name)}</p>
      <button
        type="button"
        className="button button--small button--danger"
        aria-disabled={remove.isPending || undefined}
        onClick={onePress(() => {
          if (!remove.isPending) remove.mutate({ playlist_name: name }, { onSuccess: onDone });
        })}
      >
        {libraryPanelMessages.delete}
      </button>
      <button type="button" className="button button--small" onClick={onDone} autoFocus>
        {libraryPanelMessages.keep}
      </button>
      {remove.error && (
        <p className="music__problem" role="alert">
          {errorText(remove.error)}
        </p>
      )}
    </div>
  );
}
