/**
 * What a listener does about the playing song: Awesome / Lame (once per song,
 * a new vote replaces the old; not on their own song), Snag (into their own
 * queue), and Skip (its DJ and the room's moderators). The server decides;
 * a refusal is shown as it says it.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { playbackMessages, roomPageMessages, type PlayingSong, type Vote } from '@platter/contract';
import { errorText } from '../../api/client';
import { libraryKey } from '../../api/library-keys';
import { useRoom } from '../../live/room-store';
import { live } from '../../live/socket';
import { useCurrentUser } from '../../session/use-session';
import { stillFocusable } from '../../ui/still-focusable';
import { useRoomRights } from './moderation/use-room-rights';

interface SongActionsProps {
  roomid: string;
  song: PlayingSong;
  /** Skip was pressed: the song (and this Skip with it) is about to go. */
  onSkip?: () => void;
}

export function SongActions({ roomid, song, onSkip }: SongActionsProps) {
  const me = useCurrentUser()?.userid;
  const rights = useRoomRights();
  const upvotes = useRoom((state) => state.music.upvotes);
  const downvotes = useRoom((state) => state.music.downvotes);
  const myVote = useRoom((state) => (me ? state.music.votes.get(me) : undefined));
  const snagged = useRoom((state) => (me ? state.music.snaggers.includes(me) : false));
  const snags = useRoom((state) => state.music.snaggers.length);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const mine = me === song.djid;
  const queryClient = useQueryClient();
  const refreshLibrary = () => queryClient.invalidateQueries({ queryKey: libraryKey() });

  // One's own song starting moved it to the end of one's queue: My music shows the new order at once.
  useEffect(() => {
    if (mine) void refreshLibrary();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per song that starts, not per render
  }, [song.playid, mine]);

  const act = (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    work()
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setBusy(false));
  };
  const vote = (val: Vote) => act(() => live.request('room.vote', { roomid, val, songid: song._id }));
  const voteTitle = mine ? playbackMessages.ownSong : undefined;

  return (
    <div className="song-actions">
      <button
        type="button"
        className={`button song-actions__vote${myVote === 'up' ? ' is-chosen' : ''}`}
        aria-pressed={myVote === 'up'}
        title={voteTitle}
        {...stillFocusable(mine || busy, () => vote('up'))}
      >
        {roomPageMessages.awesome} <span className="song-actions__count">{upvotes}</span>
      </button>
      <button
        type="button"
        className={`button song-actions__vote song-actions__vote--lame${myVote === 'down' ? ' is-chosen' : ''}`}
        aria-pressed={myVote === 'down'}
        title={voteTitle}
        {...stillFocusable(mine || busy, () => vote('down'))}
      >
        {roomPageMessages.lame} <span className="song-actions__count">{downvotes}</span>
      </button>
      <button
        type="button"
        className={`button${snagged ? ' is-chosen' : ''}`}
        title={mine ? playbackMessages.snagOwn : undefined}
        {...stillFocusable(mine || snagged || busy, () =>
          // The snagged song is in one's queue now: My music shows it at once.
          act(async () => {
            await live.request('snag.add', { roomid, songid: song._id });
            void refreshLibrary();
          }),
        )}
      >
        {snagged ? roomPageMessages.snagged : roomPageMessages.snag}{' '}
        {snags > 0 && <span className="song-actions__count">♥ {snags}</span>}
      </button>
      {(mine || rights.moderate) && (
        <button
          type="button"
          className="button"
          data-skip
          {...stillFocusable(busy, () => {
            onSkip?.();
            act(() => live.request('room.stop_song', { roomid, djid: song.djid, current_song: song._id }));
          })}
        >
          {roomPageMessages.skip}
        </button>
      )}
      {mine && <p className="song-actions__note">{playbackMessages.ownSong}</p>}
      {problem && (
        <p className="song-actions__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
