/**
 * The reader's controls at the stage, in the room's tools (docs/room.md, "Room rules in the
 * page"): "Step up to DJ" when a spot is theirs to take, else "Join the waitlist" and why;
 * their place while they wait, with "Leave the waitlist"; and on the stage "Step down", now
 * or after this song or N songs, with the plan shown and a way to cancel it.
 *
 * The reader's one move at the stage (Step up, Join the waitlist, Leave the waitlist, Step
 * down) is one button (the React key "stage") whose words change: pressed, it keeps the focus
 * whatever the move leads to. Likewise the plan's first button and its Cancel. While a move is
 * on its way, or one is not open (a locked waitlist), the buttons are aria-disabled
 * (ui/still-focusable.ts), never `disabled`, which would drop the focus to <body>.
 */
import { useRef } from 'react';
import {
  DJ_SONG_LIMIT_MAX,
  djPlanMessages,
  roomRulesMessages,
  waitlistMessages,
  type RoomDetails,
} from '@platter/contract';
import { useRoom } from '../../../live/room-store';
import { useCurrentUser } from '../../../session/use-session';
import { useFocusHandOff } from '../../../ui/focus-hand-off';
import type { StageStep } from '../use-stage-step';
import { stillFocusable } from '../../../ui/still-focusable';
import { LockBadge } from './lock-badge';
import { djPlanText } from './rules-text';
import { waitReasonText, type StageOffer } from './stage-offer';

/** The most songs offered in the plan's list (the contract allows more; nobody plans that far). */
const PLAN_CHOICES_MAX = Math.min(10, DJ_SONG_LIMIT_MAX);

interface StageControlsProps {
  room: RoomDetails;
  offer: StageOffer;
  stage: StageStep;
}

export function StageControls({ room, offer, stage }: StageControlsProps) {
  const { rules } = room.metadata;
  // The stage's lock is said where it explains the offer: a moderator stepping up anyway, or
  // the waitlist offered for a spot that is free. (The waitlist panel shows the locks always.)
  const locked = rules.stage_locked && <LockBadge>{roomRulesMessages.stageLockedBadge}</LockBadge>;
  switch (offer.kind) {
    case 'guest':
      return null;
    case 'dj':
      return (
        <>
          <button
            key="stage"
            type="button"
            className="button button--primary"
            {...stillFocusable(stage.busy, () => stage.step(false))}
          >
            {djPlanMessages.stepDown}
          </button>
          <DjPlan stage={stage} songLimit={rules.dj_song_limit} />
        </>
      );
    case 'waiting':
      return (
        <>
          <strong className="stage-place" data-testid="waitlist-place">
            {waitlistMessages.yourPlace(offer.position)}
          </strong>
          <button
            key="stage"
            type="button"
            className="button"
            {...stillFocusable(stage.busy, () => stage.waitlist(false))}
          >
            {waitlistMessages.leave}
          </button>
        </>
      );
    case 'step_up':
      return (
        <>
          <button
            key="stage"
            type="button"
            className="button button--primary"
            {...stillFocusable(stage.busy, () => stage.step(true))}
          >
            {waitlistMessages.stepUp}
          </button>
          {locked}
        </>
      );
    case 'join_waitlist':
      return (
        <>
          <button
            key="stage"
            type="button"
            className="button button--primary"
            {...stillFocusable(stage.busy || offer.waitlistLocked, () => stage.waitlist(true))}
          >
            {waitlistMessages.join}
          </button>
          {offer.why === 'locked' ? locked : <span className="room-tools__note">{waitReasonText[offer.why]}</span>}
          {offer.waitlistLocked && <LockBadge>{roomRulesMessages.waitlistLockedBadge}</LockBadge>}
        </>
      );
  }
}

/** A DJ's plan to step down: after this song, or after N; shown once made, with Cancel. */
function DjPlan({ stage, songLimit }: { stage: StageStep; songLimit: number }) {
  const me = useCurrentUser()?.userid;
  const plan = useRoom((state) => (me === undefined ? undefined : state.djPlans[me]));
  const playingOwn = useRoom((state) => me !== undefined && state.music.song?.djid === me);
  // The plan's first button and its Cancel are one button (the key "plan"); a plan chosen from
  // the list hands the focus to that Cancel.
  const planButton = useRef<HTMLButtonElement>(null);
  const chosen = useFocusHandOff(plan !== undefined, () => planButton.current);
  if (plan !== undefined) {
    return (
      <>
        <strong key="said" className="stage-place" role="status">
          {djPlanText(plan, playingOwn)}
        </strong>
        <button
          key="plan"
          ref={planButton}
          type="button"
          className="button"
          {...stillFocusable(stage.busy, () => stage.planStepDown(0))}
        >
          {djPlanMessages.cancel}
        </button>
      </>
    );
  }
  // The room steps a DJ down after its songs per DJ anyway: no plan past that is offered.
  const most = songLimit > 0 ? Math.min(songLimit, PLAN_CHOICES_MAX) : PLAN_CHOICES_MAX;
  return (
    <>
      <button
        key="plan"
        ref={planButton}
        type="button"
        className="button"
        {...stillFocusable(stage.busy, () => stage.planStepDown(1))}
      >
        {playingOwn ? djPlanMessages.afterThisSong : djPlanMessages.afterMyNextSong}
      </button>
      {most >= 2 && (
        <select
          key="more"
          className="stage-controls__select"
          aria-label={djPlanMessages.moreSongsLabel}
          value=""
          aria-disabled={stage.busy || undefined}
          onChange={(event) => {
            if (stage.busy || !event.target.value) return;
            chosen();
            stage.planStepDown(Number(event.target.value));
          }}
        >
          <option value="">{djPlanMessages.afterMoreSongs}</option>
          {Array.from({ length: most - 1 }, (_, n) => n + 2).map((songs) => (
            <option key={songs} value={songs}>
              {djPlanMessages.afterSongs(songs)}
            </option>
          ))}
        </select>
      )}
    </>
  );
}
