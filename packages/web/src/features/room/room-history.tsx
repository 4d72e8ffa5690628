/**
 * The room's history (room.history): the songs played here, newest first,
 * each with its DJ, votes, snags and how it ended; older ones a page at a time.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlayedSong } from '@platter/contract';
import { ROOM_HISTORY_PAGE_SIZE, roomMusicMessages } from '@platter/contract';
import { errorText } from '../../api/client';
import { live } from '../../live/socket';
import { timeAgo } from '../../lib/time-ago';
import { CoverArt } from '../../ui/cover-art';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { stillFocusable } from '../../ui/still-focusable';

export function RoomHistoryModal({ roomid, onClose }: { roomid: string; onClose: () => void }) {
  const history = useInfiniteQuery({
    queryKey: ['room-history', roomid],
    queryFn: ({ pageParam }) => live.request('room.history', { roomid, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.songs.length < ROOM_HISTORY_PAGE_SIZE ? undefined : last.songs[last.songs.length - 1]?.starttime,
  });
  const songs = history.data?.pages.flatMap((page) => page.songs) ?? [];
  const [now] = useState(Date.now);
  return (
    <Modal title={roomMusicMessages.historyTitle} onClose={onClose} width={520}>
      {history.isPending ? (
        <Spinner label={roomMusicMessages.historyLoading} />
      ) : history.isError ? (
        <p role="alert">{errorText(history.error)}</p>
      ) : songs.length === 0 ? (
        <p>{roomMusicMessages.historyEmpty}</p>
      ) : (
        <ol className="room-history" data-testid="room-history">
          {songs.map((song) => (
            <HistoryLine key={song.playid} song={song} now={now} />
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="button"
          {...stillFocusable(history.isFetchingNextPage, () => void history.fetchNextPage())}
        >
          {roomMusicMessages.olderSongs}
        </button>
      )}
    </Modal>
  );
}

function HistoryLine({ song, now }: { song: PlayedSong; now: number }) {
  return (
    <li className="room-history__line">
      <CoverArt src={song.metadata.coverart} size={36} lazy />
      <span className="room-history__song">
        <strong>{song.metadata.song}</strong> {song.metadata.artist}
        <small>
          {song.djname} · {timeAgo(song.starttime, now)} ·{' '}
          {song.ended ? roomMusicMessages.endings[song.ended] : roomMusicMessages.playingNow}
        </small>
      </span>
      <span className="room-history__votes">
        ▲ {song.upvotes} ▼ {song.downvotes} ♥ {song.snags}
      </span>
    </li>
  );
}
