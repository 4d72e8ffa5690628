/**
 * The queue: the active playlist, the song that plays next on top. Rows move by
 * dragging their handle (pointer events, so a finger works as well as a mouse)
 * or with their up/down buttons (the keyboard's way); a song leaves the queue
 * with ×, and is renamed in place. A row moved by its buttons keeps the focus on the button
 * pressed (moved in the page, the row would drop it).
 */
import { useRef, useState } from 'react';
import type { LibrarySong } from '@platter/contract';
import { errorText } from '../../api/client';
import { libraryPanelMessages } from '@platter/contract';
import { useFocusHandOff } from '../../ui/focus-hand-off';
import { IconButton, SongEditor, SongSummary } from './song-row';
import { useRemoveFromQueue, useReorderQueue } from './use-library';
import type { Preview } from './use-preview';
import { useQueueDrag } from './use-queue-drag';

export function QueueList({ songs, preview }: { songs: readonly LibrarySong[]; preview: Preview }) {
  const reorder = useReorderQueue();
  const remove = useRemoveFromQueue();
  const [editing, setEditing] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const problem = reorder.error ?? remove.error;
  const moved = useFocusHandOff(songs.map((song) => song._id).join());

  const move = (from: number, to: number) => {
    const song = songs[from];
    if (!song || to < 0 || to >= songs.length || from === to) return;
    reorder.mutate({ from, to, songid: song._id });
  };
  const moveByButton = (from: number, to: number, label: string) => {
    moved(() => list.current?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`));
    move(from, to);
  };
  const drag = useQueueDrag(list, move);

  if (songs.length === 0) return <p className="music__empty">{libraryPanelMessages.queueEmpty}</p>;

  return (
    <>
      {problem && (
        <p className="music__problem" role="alert">
          {errorText(problem)}
        </p>
      )}
      <ol
        className={`queue${drag.dragging ? ' is-dragging' : ''}`}
        ref={list}
        aria-label={libraryPanelMessages.queueLabel}
      >
        {songs.map((song, index) => {
          const title = song.metadata.song;
          const held = drag.held === index;
          const shift = drag.shift(index);
          return (
            <li
              key={song._id}
              className={`song queue__row${held ? ' is-held' : ''}`}
              style={shift ? { transform: `translateY(${shift}px)` } : undefined}
              data-testid="queue-song"
            >
              <span
                className="queue__handle"
                aria-hidden="true"
                title={libraryPanelMessages.dragToReorder}
                {...drag.handle(index)}
              >
                ⠿
              </span>
              {editing === song._id ? (
                <SongEditor song={song} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <SongSummary song={song} preview={preview} next={index === 0} />
                  <div className="song__actions">
                    <span className="queue__moves">
                      <IconButton
                        label={libraryPanelMessages.moveUp(title)}
                        disabled={index === 0}
                        onClick={() => moveByButton(index, index - 1, libraryPanelMessages.moveUp(title))}
                      >
                        ▲
                      </IconButton>
                      <IconButton
                        label={libraryPanelMessages.moveDown(title)}
                        disabled={index === songs.length - 1}
                        onClick={() => moveByButton(index, index + 1, libraryPanelMessages.moveDown(title))}
                      >
                        ▼
                      </IconButton>
                    </span>
                    <IconButton label={libraryPanelMessages.edit(title)} onClick={() => setEditing(song._id)}>
                      ✎
                    </IconButton>
                    <IconButton
                      label={libraryPanelMessages.removeFromQueue(title)}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ index, songid: song._id })}
                    >
                      ×
                    </IconButton>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
