/**
 * The line for the stage, under the scene (docs/room.md, "Room rules in the page"): who waits,
 * first in line first, the locks, and the room's rules in one line, for everyone in the room.
 * Moderators move people up and down (room.waitlist_move), take them out of the line
 * (room.waitlist_leave with target_userid), and lock or unlock the stage and the waitlist
 * (room.modify). Shown once there is something to show: people waiting, a lock, a rule, or a
 * moderator reading. A moderator's button keeps the focus while its person moves in the line
 * (moved in the page, the row would drop it), and taking someone out of the line hands it to the
 * next person's ×, else the panel's title.
 */
import { useId, useMemo, useRef } from 'react';
import { roomRulesMessages, waitlistMessages, type RoomDetails, type RoomUser } from '@platter/contract';
import { useRoom } from '../../../live/room-store';
import { useCurrentUser } from '../../../session/use-session';
import { Avatar } from '../../../ui/avatar';
import { useFocusHandOff } from '../../../ui/focus-hand-off';
import { ModalLink } from '../../../ui/modal-link';
import { stillFocusable } from '../../../ui/still-focusable';
import { useRoomRights } from '../moderation/use-room-rights';
import { useRoomAction, type RoomAction } from '../use-room-action';
import { LockBadge } from './lock-badge';
import { rulesSummary } from './rules-text';
import './room-rules.css';

export function WaitlistPanel({ room }: { room: RoomDetails }) {
  const waitlist = useRoom((state) => state.waitlist);
  const users = useRoom((state) => state.users);
  const me = useCurrentUser()?.userid;
  const { moderate } = useRoomRights();
  const action = useRoomAction();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const takenOff = useFocusHandOff(waitlist.length);
  /** The focus after the person at `index` was taken off: the next person's ×, else the title. */
  const afterTakingOff = (index: number) => () => {
    const crosses = panel.current?.querySelectorAll<HTMLElement>('[data-take-off]') ?? [];
    return crosses[Math.min(index, crosses.length - 1)] ?? panel.current?.querySelector<HTMLElement>('h2');
  };
  const { rules } = room.metadata;
  const summary = rulesSummary(rules);
  const people = useMemo(() => {
    const byId = new Map(users.map((user) => [user.userid, user]));
    return waitlist.map((userid) => byId.get(userid) ?? { userid, name: null });
  }, [users, waitlist]);
  const locked = rules.stage_locked || rules.waitlist_locked;
  if (people.length === 0 && !locked && summary === null && !moderate) return null;

  const roomid = room.roomid;
  const lock = (field: 'stage_locked' | 'waitlist_locked', on: boolean) =>
    action.run('room.modify', { roomid, [field]: on });
  return (
    <section ref={panel} className="waitlist" aria-labelledby={titleId}>
      <div className="waitlist__header">
        <h2 id={titleId} className="waitlist__title" tabIndex={-1}>
          {waitlistMessages.title}
          <span className="waitlist__count" aria-hidden="true">
            {people.length}
          </span>
        </h2>
        {rules.stage_locked && <LockBadge>{roomRulesMessages.stageLockedBadge}</LockBadge>}
        {rules.waitlist_locked && <LockBadge>{roomRulesMessages.waitlistLockedBadge}</LockBadge>}
        {moderate && (
          <div className="waitlist__locks">
            <button
              type="button"
              className="button button--small"
              {...stillFocusable(action.busy, () => lock('stage_locked', !rules.stage_locked))}
            >
              {rules.stage_locked ? roomRulesMessages.unlockStage : roomRulesMessages.lockStage}
            </button>
            <button
              type="button"
              className="button button--small"
              {...stillFocusable(action.busy, () => lock('waitlist_locked', !rules.waitlist_locked))}
            >
              {rules.waitlist_locked ? roomRulesMessages.unlockWaitlist : roomRulesMessages.lockWaitlist}
            </button>
          </div>
        )}
      </div>
      {summary && (
        <p className="waitlist__rules">
          <span className="waitlist__rules-label">{roomRulesMessages.summaryLabel}</span> {summary}
        </p>
      )}
      {people.length === 0 ? (
        <p className="waitlist__empty">{waitlistMessages.empty}</p>
      ) : (
        <ol className="waitlist__list">
          {people.map((person, index) => (
            <WaitingPerson
              key={person.userid}
              person={person}
              position={index + 1}
              last={index === people.length - 1}
              isMe={person.userid === me}
              moderation={
                moderate
                  ? {
                      action,
                      roomid,
                      onTakeOff: () => takenOff(afterTakingOff(index)),
                    }
                  : null
              }
            />
          ))}
        </ol>
      )}
      {action.problem && (
        <p className="waitlist__problem" role="alert">
          {action.problem}
        </p>
      )}
    </section>
  );
}

interface WaitingPersonProps {
  person: RoomUser | { userid: string; name: null };
  position: number;
  last: boolean;
  isMe: boolean;
  /** A moderator's controls on this person, or null. */
  moderation: { action: RoomAction; roomid: string; onTakeOff: () => void } | null;
}

function WaitingPerson({ person, position, last, isMe, moderation }: WaitingPersonProps) {
  const name = person.name ?? waitlistMessages.someone;
  const image = 'images' in person ? person.images.headfront : '';
  const moved = useFocusHandOff(position);
  const move = (to: number, label: string) => {
    moved(() => document.querySelector<HTMLElement>(`.waitlist [aria-label="${CSS.escape(label)}"]`));
    moderation?.action.run('room.waitlist_move', {
      roomid: moderation.roomid,
      target_userid: person.userid,
      position: to,
    });
  };
  return (
    <li className={`waitlist__person${isMe ? ' is-me' : ''}`}>
      <span className="waitlist__position">#{position}</span>
      <ModalLink className="waitlist__name" to={`/profile/${person.userid}`}>
        <Avatar src={image} name={person.name} size={28} />
        <span>{name}</span>
      </ModalLink>
      {isMe && <span className="waitlist__you">{waitlistMessages.you}</span>}
      {moderation && (
        <span className="waitlist__actions">
          <button
            type="button"
            className="waitlist__act"
            aria-label={waitlistMessages.moveUpLabel(name)}
            title={waitlistMessages.moveUp}
            {...stillFocusable(moderation.action.busy || position === 1, () =>
              move(position - 1, waitlistMessages.moveUpLabel(name)),
            )}
          >
            ↑
          </button>
          <button
            type="button"
            className="waitlist__act"
            aria-label={waitlistMessages.moveDownLabel(name)}
            title={waitlistMessages.moveDown}
            {...stillFocusable(moderation.action.busy || last, () =>
              move(position + 1, waitlistMessages.moveDownLabel(name)),
            )}
          >
            ↓
          </button>
          <button
            type="button"
            className="waitlist__act"
            aria-label={waitlistMessages.takeOffLabel(name)}
            title={waitlistMessages.takeOff}
            data-take-off
            {...stillFocusable(moderation.action.busy, () => {
              moderation.onTakeOff();
              moderation.action.run('room.waitlist_leave', { roomid: moderation.roomid, target_userid: person.userid });
            })}
          >
            ×
          </button>
        </span>
      )}
    </li>
  );
}
