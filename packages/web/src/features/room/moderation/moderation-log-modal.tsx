/**
 * The room's moderation panel, for its moderators: the people here (each with
 * their moderator's menu), the bans still in force (lifted here), and the log
 * of who did what to whom, when and why, newest first.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModerationAction, ModerationEntry } from '@platter/contract';
import { errorText } from '../../../api/client';
import { live } from '../../../live/socket';
import { timeAgo } from '../../../lib/time-ago';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useRoom } from '../../../live/room-store';
import { ModeratePersonModal, type ModerationTarget } from './moderate-person-modal';
import { useRoomRights } from './use-room-rights';

const VERBS: Record<ModerationAction, string> = {
  boot: 'booted',
  ban: 'banned',
  unban: 'lifted the ban on',
  mute: 'muted',
  unmute: 'unmuted',
  remove_dj: 'took off the stage',
  delete_chat: 'deleted a message by',
  add_moderator: 'made a moderator:',
  remove_moderator: 'removed as moderator:',
  modify_room: 'changed the room',
  skip_song: 'skipped a song by',
  move_waitlist: 'moved in the waitlist',
  remove_from_waitlist: 'took off the waitlist',
};

export function describeEntry(entry: ModerationEntry): string {
  const target = entry.target_name ? ` ${entry.target_name}` : '';
  const detail = entry.detail ? (entry.action === 'delete_chat' ? `: “${entry.detail}”` : ` (${entry.detail})`) : '';
  const reason = entry.reason ? ` — ${entry.reason}` : '';
  return `${entry.mod_name} ${VERBS[entry.action]}${target}${detail}${reason}`;
}

export function ModerationLogModal({ roomid, onClose }: { roomid: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const log = useQuery({
    queryKey: ['moderation-log', roomid],
    queryFn: () => live.request('room.moderation_log', { roomid }),
  });
  const bans = useQuery({ queryKey: ['bans', roomid], queryFn: () => live.request('room.ban_list', { roomid }) });
  const [problem, setProblem] = useState<string | null>(null);
  const [now] = useState(Date.now);
  const users = useRoom((state) => state.users);
  const rights = useRoomRights();
  const [moderating, setModerating] = useState<ModerationTarget | null>(null);
  const people = users.filter((user) => user.name !== null && rights.canActOn(user.userid, user.acl));

  const unban = async (userid: string) => {
    setProblem(null);
    try {
      await live.request('room.unban_user', { roomid, target_userid: userid });
      await queryClient.invalidateQueries({ queryKey: ['bans', roomid] });
      await queryClient.invalidateQueries({ queryKey: ['moderation-log', roomid] });
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  // One modal at a time: a person's menu takes the panel's place, and closing it comes back.
  if (moderating) {
    const back = () => {
      setModerating(null);
      void queryClient.invalidateQueries({ queryKey: ['bans', roomid] });
      void queryClient.invalidateQueries({ queryKey: ['moderation-log', roomid] });
    };
    return <ModeratePersonModal target={moderating} onClose={back} />;
  }
  return (
    <Modal title="Moderation" onClose={onClose} width={560}>
      {problem && (
        <p className="moderate__problem" role="alert">
          {problem}
        </p>
      )}
      <section className="moderation-log" aria-label="People here">
        <h3 className="moderate__title">People here</h3>
        {people.length === 0 ? (
          <p className="moderation-log__empty">Nobody here you can moderate.</p>
        ) : (
          <ul className="moderation-log__list">
            {people.map((user) => (
              <li key={user.userid}>
                <span>{user.name}</span>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setModerating({ userid: user.userid, name: user.name ?? '', acl: user.acl })}
                >
                  Moderate
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="moderation-log" aria-label="Bans">
        <h3 className="moderate__title">Bans</h3>
        {bans.isPending ? (
          <Spinner label="Loading the bans…" />
        ) : bans.isError ? (
          <p role="alert">{errorText(bans.error)}</p>
        ) : bans.data.bans.length === 0 ? (
          <p className="moderation-log__empty">Nobody is banned.</p>
        ) : (
          <ul className="moderation-log__list">
            {bans.data.bans.map((ban) => (
              <li key={ban.userid}>
                <span>
                  {ban.name ?? 'A guest'} — {ban.booted ? 'booted' : 'banned'}{' '}
                  {ban.until === null ? 'for good' : `until ${new Date(ban.until).toLocaleString()}`}
                  {ban.reason ? ` (${ban.reason})` : ''}
                </span>
                <button type="button" className="button button--small" onClick={() => void unban(ban.userid)}>
                  Lift
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="moderation-log" aria-label="Moderation log">
        <h3 className="moderate__title">Log</h3>
        {log.isPending ? (
          <Spinner label="Loading the log…" />
        ) : log.isError ? (
          <p role="alert">{errorText(log.error)}</p>
        ) : log.data.entries.length === 0 ? (
          <p className="moderation-log__empty">No moderator has done anything here yet.</p>
        ) : (
          <ol className="moderation-log__list">
            {log.data.entries.map((entry) => (
              <li key={`${entry.time}-${entry.action}-${entry.target_userid ?? ''}`}>
                <span>{describeEntry(entry)}</span>
                <time dateTime={new Date(entry.time).toISOString()}>{timeAgo(entry.time, now)}</time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Modal>
  );
}
