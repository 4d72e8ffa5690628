/**
 * The room's moderation panel, for its moderators: the people here (each with
 * their moderator's menu), the bans still in force (lifted here), and the log
 * of who did what to whom, when and why, newest first.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { moderationPanelMessages } from '@platter/contract';
import { errorText } from '../../../api/client';
import { live } from '../../../live/socket';
import { timeAgo } from '../../../lib/time-ago';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useRoom } from '../../../live/room-store';
import { ModeratePersonModal, type ModerationTarget } from './moderate-person-modal';
import { useRoomRights } from './use-room-rights';

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
    <Modal title={moderationPanelMessages.title} onClose={onClose} width={560}>
      {problem && (
        <p className="moderate__problem" role="alert">
          {problem}
        </p>
      )}
      <section className="moderation-log" aria-label={moderationPanelMessages.peopleTitle}>
        <h3 className="moderate__title">{moderationPanelMessages.peopleTitle}</h3>
        {people.length === 0 ? (
          <p className="moderation-log__empty">{moderationPanelMessages.nobodyToModerate}</p>
        ) : (
          <ul className="moderation-log__list">
            {people.map((user) => (
              <li key={user.userid}>
                <span>{user.name}</span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={moderationPanelMessages.moderateWho(user.name ?? '')}
                  onClick={() => setModerating({ userid: user.userid, name: user.name ?? '', acl: user.acl })}
                >
                  {moderationPanelMessages.moderate}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="moderation-log" aria-label={moderationPanelMessages.bansTitle}>
        <h3 className="moderate__title">{moderationPanelMessages.bansTitle}</h3>
        {bans.isPending ? (
          <Spinner label={moderationPanelMessages.loadingBans} />
        ) : bans.isError ? (
          <p role="alert">{errorText(bans.error)}</p>
        ) : bans.data.bans.length === 0 ? (
          <p className="moderation-log__empty">{moderationPanelMessages.nobodyBanned}</p>
        ) : (
          <ul className="moderation-log__list">
            {bans.data.bans.map((ban) => (
              <li key={ban.userid}>
                <span>
                  {moderationPanelMessages.ban(
                    ban.name,
                    ban.booted,
                    ban.until === null ? null : new Date(ban.until).toLocaleString(),
                    ban.reason,
                  )}
                </span>
                <button type="button" className="button button--small" onClick={() => void unban(ban.userid)}>
                  {moderationPanelMessages.lift}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="moderation-log" aria-label={moderationPanelMessages.logLabel}>
        <h3 className="moderate__title">{moderationPanelMessages.logTitle}</h3>
        {log.isPending ? (
          <Spinner label={moderationPanelMessages.loadingLog} />
        ) : log.isError ? (
          <p role="alert">{errorText(log.error)}</p>
        ) : log.data.entries.length === 0 ? (
          <p className="moderation-log__empty">{moderationPanelMessages.emptyLog}</p>
        ) : (
          <ol className="moderation-log__list">
            {log.data.entries.map((entry) => (
              <li key={`${entry.time}-${entry.action}-${entry.target_userid ?? ''}`}>
                <span>{moderationPanelMessages.entry(entry)}</span>
                <time dateTime={new Date(entry.time).toISOString()}>{timeAgo(entry.time, now)}</time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Modal>
  );
}
