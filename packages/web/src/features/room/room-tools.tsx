/**
 * The room's controls above the stage: the reader's place at the stage
 * (members: stepping up or down, the waitlist, a DJ's plan; rules/stage-controls.tsx, and a
 * DJ's AFK warning: rules/afk-warning-notice.tsx),
 * and for the room's moderators its settings and its moderation log. What a
 * page cannot do (too few points, a locked waitlist) the server says, and the
 * page shows it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { libraryPanelMessages, moderationMessages, roomExitMessages, type RoomDetails } from '@platter/contract';
import { useRoom } from '../../live/room-store';
import { useCurrentUser } from '../../session/use-session';
import { ModerationLogModal } from './moderation/moderation-log-modal';
import { useRoomRights } from './moderation/use-room-rights';
import { AfkWarningNotice } from './rules/afk-warning-notice';
import { StageControls } from './rules/stage-controls';
import type { StageOffer } from './rules/stage-offer';
import type { StageStep } from './use-stage-step';
import { ModalLoading } from '../../ui/modal-loading';

// Only moderators open it, and it checks its fields with the contract's rules (zod): its code
// comes when it is opened, not with the room (docs/web-weight.md).
const RoomSettingsModal = lazy(async () => ({
  default: (await import('./moderation/room-settings-modal')).RoomSettingsModal,
}));

export function RoomTools({
  room,
  stage,
  offer,
  onMyMusic,
}: {
  room: RoomDetails;
  stage: StageStep;
  /** What the reader may do at the stage now (rules/stage-offer.ts). */
  offer: StageOffer;
  /** Opens My music (a sheet on a phone; beside the chat it is a tab, so this button shows only on narrow screens). */
  onMyMusic?: () => void;
}) {
  const me = useCurrentUser();
  const rights = useRoomRights();
  const [open, setOpen] = useState<'settings' | 'log' | null>(null);
  const tools = useRef<HTMLDivElement>(null);
  if (!me?.registered) return null;

  return (
    <div ref={tools} className="room-tools">
      {offer.kind === 'dj' && room.metadata.rules.afk_minutes > 0 && (
        <AfkWarningNotice
          roomid={room.roomid}
          afkMinutes={room.metadata.rules.afk_minutes}
          nextFocus={() => tools.current?.querySelector<HTMLElement>(':scope > button')}
        />
      )}
      <StageControls room={room} offer={offer} stage={stage} />
      {onMyMusic && (
        <button type="button" className="button room-tools__music" onClick={onMyMusic}>
          {libraryPanelMessages.title}
        </button>
      )}
      {rights.moderate && (
        <>
          <button type="button" className="button" onClick={() => setOpen('settings')}>
            {moderationMessages.settingsButton}
          </button>
          <button type="button" className="button" onClick={() => setOpen('log')}>
            {moderationMessages.logButton}
          </button>
        </>
      )}
      {stage.problem && (
        <p className="room-tools__problem" role="alert">
          {stage.problem}
        </p>
      )}
      {open === 'settings' && (
        <Suspense fallback={<ModalLoading onClose={() => setOpen(null)} />}>
          <RoomSettingsModal room={room} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {open === 'log' && <ModerationLogModal roomid={room.roomid} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** Why the page is not in the room (refused: banned or booted; let go: opened elsewhere, booted), with a way on. */
export function RoomExitNotice({ onRejoin }: { onRejoin: () => void }) {
  const status = useRoom((state) => state.status);
  const error = useRoom((state) => state.error);
  if ((status !== 'refused' && status !== 'exited') || !error) return null;
  return (
    <div className="room-exit" role="alert">
      <p>{error}</p>
      <div className="room-exit__actions">
        <button type="button" className="button" onClick={onRejoin}>
          {roomExitMessages.rejoin}
        </button>
        <a className="button button--primary" href="/">
          {roomExitMessages.toLobby}
        </a>
      </div>
    </div>
  );
}
