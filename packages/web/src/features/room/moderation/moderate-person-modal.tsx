/**
 * A moderator's actions on one person (docs/room.md): take them off the
 * stage or the waitlist, delete the line they said, mute them in chat, boot them with a
 * reason, ban them for a time or for good, and — for the owner and staff —
 * make them a moderator or not. Each action is one call; the room hears it.
 */
import { useId, useState, type ReactNode } from 'react';
import { MODERATION_REASON_MAX, moderatePersonMessages, type CallName, type CallInput } from '@platter/contract';
import { errorText } from '../../../api/client';
import { live } from '../../../live/socket';
import { useRoom } from '../../../live/room-store';
import { useNow } from '../../../lib/use-now';
import { Modal } from '../../../ui/modal';
import { stillFocusable } from '../../../ui/still-focusable';
import { useRoomRights } from './use-room-rights';

const MUTES = [
  [5, moderatePersonMessages.fiveMinutes],
  [15, moderatePersonMessages.fifteenMinutes],
  [60, moderatePersonMessages.oneHour],
] as const;

/** A running mute's minutes left are re-read this often. */
const MUTE_TICK_MS = 10_000;

const BANS = [
  [60, moderatePersonMessages.oneHour],
  [24 * 60, moderatePersonMessages.oneDay],
  [7 * 24 * 60, moderatePersonMessages.oneWeek],
  [undefined, moderatePersonMessages.forGood],
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
  // Unmute is offered only while a mute runs (lifting none would tell the room of an unmute that never was).
  const mutedUntil = useRoom((state) => state.mutes[target.userid]);
  useNow(MUTE_TICK_MS);
  const minutesMuted = mutedUntil === undefined ? 0 : Math.ceil((mutedUntil - live.clock.serverNow()) / 60_000);
  const rights = useRoomRights();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reasonId = useId();
  const actOn = rights.canActOn(target.userid, target.acl);
  const chatid = target.chatid !== undefined && rights.canDeleteLine(target) ? target.chatid : undefined;

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
    <Modal title={moderatePersonMessages.title(target.name)} onClose={onClose} width={480}>
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
        {!actOn && !chatid && <p>{moderatePersonMessages.cannotModerate(target.name)}</p>}
        {chatid && (
          <Group title={moderatePersonMessages.messageGroup}>
            <Act
              busy={busy}
              onClick={() => void act('room.delete_chat', { roomid, chatid }, moderatePersonMessages.messageDeleted)}
            >
              {moderatePersonMessages.deleteMessage}
            </Act>
          </Group>
        )}
        {actOn && (
          <>
            {onStage && (
              <Group title={moderatePersonMessages.stageGroup}>
                <Act
                  busy={busy}
                  onClick={() =>
                    void act(
                      'room.rem_dj',
                      { roomid, djid: target.userid },
                      moderatePersonMessages.offStage(target.name),
                    )
                  }
                >
                  {moderatePersonMessages.takeOffStage}
                </Act>
              </Group>
            )}
            {waiting && (
              <Group title={moderatePersonMessages.waitlistGroup}>
                <Act
                  busy={busy}
                  onClick={() => void act('room.waitlist_leave', who, moderatePersonMessages.offWaitlist(target.name))}
                >
                  {moderatePersonMessages.takeOffWaitlist}
                </Act>
              </Group>
            )}
            <Group title={moderatePersonMessages.muteGroup}>
              {minutesMuted > 0 && <p className="moderate__state">{moderatePersonMessages.mutedFor(minutesMuted)}</p>}
              {MUTES.map(([minutes, label]) => (
                <Act
                  key={minutes}
                  busy={busy}
                  onClick={() =>
                    void act('room.mute_user', { ...who, minutes }, moderatePersonMessages.muted(target.name, label))
                  }
                >
                  {label}
                </Act>
              ))}
              {minutesMuted > 0 && (
                <Act
                  busy={busy}
                  onClick={() => void act('room.unmute_user', who, moderatePersonMessages.unmuted(target.name))}
                >
                  {moderatePersonMessages.unmute}
                </Act>
              )}
            </Group>
            <div className="field">
              <label className="field__label" htmlFor={reasonId}>
                {moderatePersonMessages.reasonLabel}
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
              <Group title={moderatePersonMessages.removeGroup}>
                <Act
                  busy={busy}
                  onClick={() =>
                    void act('room.boot_user', { ...who, reason: trimmed }, moderatePersonMessages.booted(target.name))
                  }
                >
                  {moderatePersonMessages.boot}
                </Act>
              </Group>
            )}
            <Group title={moderatePersonMessages.banGroup}>
              {BANS.map(([minutes, label]) => (
                <Act
                  key={label}
                  busy={busy}
                  onClick={() =>
                    void act(
                      'room.ban_user',
                      { ...who, reason: trimmed, ...(minutes === undefined ? {} : { minutes }) },
                      moderatePersonMessages.banned(target.name, minutes === undefined ? null : label),
                    )
                  }
                >
                  {label}
                </Act>
              ))}
            </Group>
            {rights.appoint && (
              <Group title={moderatePersonMessages.moderatorGroup}>
                {isModerator ? (
                  <Act
                    busy={busy}
                    onClick={() =>
                      void act('room.rem_moderator', who, moderatePersonMessages.removedModerator(target.name))
                    }
                  >
                    {moderatePersonMessages.removeModerator}
                  </Act>
                ) : (
                  <Act
                    busy={busy}
                    onClick={() =>
                      void act('room.add_moderator', who, moderatePersonMessages.madeModerator(target.name))
                    }
                  >
                    {moderatePersonMessages.makeModerator}
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

/** One moderator action's button: aria-disabled while an action is on its way (it keeps the focus). */
function Act({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="button" {...stillFocusable(busy, onClick)}>
      {children}
    </button>
  );
}

/** A group of actions, not a landmark: its titles ("Stage") would repeat the room's own regions behind. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" className="moderate__group" aria-labelledby={id}>
      <h3 id={id} className="moderate__title">
        {title}
      </h3>
      <div className="moderate__actions">{children}</div>
    </div>
  );
}
