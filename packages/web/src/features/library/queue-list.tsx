/**
 * The queue: the active playlist, the song that plays next on top. Rows move by
 * dragging their handle (pointer events, so a finger works as well as a mouse)
 * or with their up/down buttons (the keyboard's way); a song leaves the queue
 * with ×, and is renamed in place.
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { LibrarySong } from '@platter/contract';
import { errorText } from '../../api/client';
import { musicPanelMessages } from './messages';
import { dropIndex, shiftFor, type RowBox } from './reorder';
import { IconButton, SongEditor, SongSummary } from './song-row';
import { useRemoveFromQueue, useReorderQueue } from './use-library';
import type { Preview } from './use-preview';

interface Drag {
  from: number;
  to: number;
  pointerId: number;
  startY: number;
  offset: number;
  boxes: RowBox[];
}

export function QueueList({ songs, preview }: { songs: readonly LibrarySong[]; preview: Preview }) {
  const reorder = useReorderQueue();
  const remove = useRemoveFromQueue();
  const [editing, setEditing] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const problem = reorder.error ?? remove.error;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= songs.length || from === to) return;
    reorder.mutate({ from, to });
  };

  const startDrag = (event: PointerEvent<HTMLElement>, from: number) => {
    if (event.button !== 0 || reorder.isPending) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rows = [...(list.current?.children ?? [])];
    const boxes = rows.map((row) => {
      const rect = row.getBoundingClientRect();
      return { top: rect.top, height: rect.height };
    });
    setDrag({ from, to: from, pointerId: event.pointerId, startY: event.clientY, offset: 0, boxes });
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const offset = event.clientY - drag.startY;
    const held = drag.boxes[drag.from];
    // Where the middle of the held row now is decides its place.
    const middle = held ? held.top + held.height / 2 + offset : event.clientY;
    setDrag({ ...drag, offset, to: dropIndex(drag.boxes, drag.from, middle) });
  };
  const endDrag = (event: PointerEvent<HTMLElement>, drop: boolean) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (drop) move(drag.from, drag.to);
    setDrag(null);
  };

  if (songs.length === 0) return <p className="music__empty">{musicPanelMessages.queueEmpty}</p>;

  const draggedHeight = drag ? (drag.boxes[drag.from]?.height ?? 0) : 0;
  return (
    <>
      {problem && (
        <p className="music__problem" role="alert">
          {errorText(problem)}
        </p>
      )}
      <ol className={`queue${drag ? ' is-dragging' : ''}`} ref={list} aria-label="Queue">
        {songs.map((song, index) => {
          const title = song.metadata.song;
          const held = drag?.from === index;
          const shift = drag ? (held ? drag.offset : shiftFor(index, drag.from, drag.to, draggedHeight)) : 0;
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
                title="Drag to reorder"
                onPointerDown={(event) => startDrag(event, index)}
                onPointerMove={moveDrag}
                onPointerUp={(event) => endDrag(event, true)}
                onPointerCancel={(event) => endDrag(event, false)}
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
                        label={`Move “${title}” up`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        ▲
                      </IconButton>
                      <IconButton
                        label={`Move “${title}” down`}
                        disabled={index === songs.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        ▼
                      </IconButton>
                    </span>
                    <IconButton label={`Edit “${title}”`} onClick={() => setEditing(song._id)}>
                      ✎
                    </IconButton>
                    <IconButton
                      label={`Remove “${title}” from the queue`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ index })}
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
