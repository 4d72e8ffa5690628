/**
 * A moderator's actions on one person (docs/room.md): take them off the
 * stage or the waitlist, delete the line they said, mute them in chat, boot them with a
 * reason, ban them for a time or for good, and — for the owner and staff —
 * make them a moderator or not. Each action is one call; the room hears it.
 */
import { useId, useState, type ReactNode } from 'react';
import { MODERATION_REASON_MAX, type CallName, type CallInput } from '@platter/contract';
import { errorText } from '../../../api/client';
import { live } from '../../../live/socket';
import { useRoom } from '../../../live/room-store';
import { Modal } from '../../../ui/modal';
import { useRoomRights } from './use-room-rights';

const MUTES = [
  [5, '5 minutes'],
  [15, '15 minutes'],
  [60, '1 hour'],
] as const;

const BANS = [
  [60, '1 hour'],
  [24 * 60, '1 day'],
  [7 * 24 * 60, '1 week'],
  [undefined, 'For good'],
] as const;

export interface ModerationTarget {
  userid: string;
  name: string;
  acl: number;
  /** The chat line the moderator started from, if they did. */
  chatid?: string;
}

export function ModeratePersonModal({ target, onClose }: { target: ModerationTarget; onClose: () => void }) {
  const roomid = useRoom((state) => state.snapshot?.roomid ?? '');
  const onStage = useRoom((state) => state.djids.includes(target.userid));
  const waiting = useRoom((state) => state.waitlist.includes(target.userid));
  const here = useRoom((state) => state.users.some((user) => user.userid === target.userid));
  const isModerator = useRoom((state) => state.snapshot?.metadata.moderator_id.includes(target.userid) ?? false);
  const rights = useRoomRights();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reasonId = useId();
  const actOn = rights.canActOn(target.userid, target.acl);

  async function act<N extends CallName>(name: N, input: CallInput<N>, told: string) {
    setBusy(true);
    setProblem(null);
    try {
      await live.request(name, input);
      setDone(told);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  const who = { roomid, target_userid: target.userid };
  const trimmed = reason.trim();
  return (
    <Modal title={`Moderate ${target.name}`} onClose={onClose} width={480}>
      <div className="moderate">
        {done && (
          <p className="moderate__done" role="status">
            {done}
          </p>
        )}
        {problem && (
          <p className="moderate__problem" role="alert">
            {problem}
          </p>
        )}
        {!actOn && !target.chatid && (
          <p>You can't moderate {target.name}: they are the owner, staff, or a moderator.</p>
        )}
        {target.chatid && (
          <Group title="This message">
            <Act
              busy={busy}
              onClick={() =>
                void act('room.delete_chat', { roomid, chatid: target.chatid ?? '' }, 'The message was deleted.')
              }
            >
              Delete message
            </Act>
          </Group>
        )}
        {actOn && (
          <>
            {onStage && (
              <Group title="Stage">
                <Act
                  busy={busy}
                  onClick={() =>
                    void act('room.rem_dj', { roomid, djid: target.userid }, `${target.name} is off the stage.`)
                  }
                >
                  Take off the stage
                </Act>
              </Group>
            )}
            {waiting && (
              <Group title="Waitlist">
                <Act
                  busy={busy}
                  onClick={() => void act('room.waitlist_leave', who, `${target.name} is off the waitlist.`)}
                >
                  Take off the waitlist
                </Act>
              </Group>
            )}
            <Group title="Mute in chat">
              {MUTES.map(([minutes, label]) => (
                <Act
                  key={minutes}
                  busy={busy}
                  onClick={() =>
                    void act('room.mute_user', { ...who, minutes }, `${target.name} is muted for ${label}.`)
                  }
                >
                  {label}
                </Act>
              ))}
              <Act busy={busy} onClick={() => void act('room.unmute_user', who, `${target.name} can chat again.`)}>
                Unmute
              </Act>
            </Group>
            <div className="field">
              <label className="field__label" htmlFor={reasonId}>
                Reason (shown to them and the room)
              </label>
              <input
                id={reasonId}
                className="field__input"
                maxLength={MODERATION_REASON_MAX}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            {here && (
              <Group title="Remove">
                <Act
                  busy={busy}
                  onClick={() =>
                    void act('room.boot_user', { ...who, reason: trimmed }, `${target.name} was removed from the room.`)
                  }
                >
                  Boot from the room
                </Act>
              </Group>
            )}
            <Group title="Ban">
              {BANS.map(([minutes, label]) => (
                <Act
                  key={label}
                  busy={busy}
                  onClick={() =>
                    void act(
                      'room.ban_user',
                      { ...who, reason: trimmed, ...(minutes === undefined ? {} : { minutes }) },
                      `${target.name} is banned ${minutes === undefined ? 'for good' : `for ${label}`}.`,
                    )
                  }
                >
                  {label}
                </Act>
              ))}
            </Group>
            {rights.appoint && (
              <Group title="Moderator">
                {isModerator ? (
                  <Act
                    busy={busy}
                    onClick={() => void act('room.rem_moderator', who, `${target.name} is no longer a moderator.`)}
                  >
                    Remove as moderator
                  </Act>
                ) : (
                  <Act
                    busy={busy}
                    onClick={() => void act('room.add_moderator', who, `${target.name} is now a moderator.`)}
                  >
                    Make moderator
                  </Act>
                )}
              </Group>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

/** One moderator action's button: disabled while an action is on its way. */
function Act({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="button" disabled={busy} onClick={onClick}>
      {children}
    </button>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="moderate__group" aria-labelledby={id}>
      <h3 id={id} className="moderate__title">
        {title}
      </h3>
      <div className="moderate__actions">{children}</div>
    </section>
  );
}
