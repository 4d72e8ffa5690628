/**
 * The reader's controls at the stage, in the room's tools (docs/room.md, "Room rules in the
 * page"): "Step up to DJ" when a spot is theirs to take, else "Join the waitlist" and why;
 * their place while they wait, with "Leave the waitlist"; and on the stage "Step down", now
 * or after this song or N songs, with the plan shown and a way to cancel it.
 */
import { DJ_SONG_LIMIT_MAX, type RoomDetails } from '@platter/contract';
import { useRoom } from '../../../live/room-store';
import { useCurrentUser } from '../../../session/use-session';
import type { StageStep } from '../use-stage-step';
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
  const locked = rules.stage_locked && <LockBadge>Stage locked</LockBadge>;
  switch (offer.kind) {
    case 'guest':
      return null;
    case 'dj':
      return (
        <>
          <button
            type="button"
            className="button button--primary"
            disabled={stage.busy}
            onClick={() => stage.step(false)}
          >
            Step down
          </button>
          <DjPlan stage={stage} songLimit={rules.dj_song_limit} />
        </>
      );
    case 'waiting':
      return (
        <>
          <strong className="stage-place" data-testid="waitlist-place">
            You're #{offer.position} in the waitlist
          </strong>
          <button type="button" className="button" disabled={stage.busy} onClick={() => stage.waitlist(false)}>
            Leave the waitlist
          </button>
        </>
      );
    case 'step_up':
      return (
        <>
          <button
            type="button"
            className="button button--primary"
            disabled={stage.busy}
            onClick={() => stage.step(true)}
          >
            Step up to DJ
          </button>
          {locked}
        </>
      );
    case 'join_waitlist':
      return (
        <>
          <button
            type="button"
            className="button button--primary"
            disabled={stage.busy || offer.waitlistLocked}
            onClick={() => stage.waitlist(true)}
          >
            Join the waitlist
          </button>
          {offer.why === 'locked' ? locked : <span className="room-tools__note">{waitReasonText[offer.why]}</span>}
          {offer.waitlistLocked && <LockBadge>Waitlist locked</LockBadge>}
        </>
      );
  }
}

/** A DJ's plan to step down: after this song, or after N; shown once made, with Cancel. */
function DjPlan({ stage, songLimit }: { stage: StageStep; songLimit: number }) {
  const me = useCurrentUser()?.userid;
  const plan = useRoom((state) => (me === undefined ? undefined : state.djPlans[me]));
  const playingOwn = useRoom((state) => me !== undefined && state.music.song?.djid === me);
  if (plan !== undefined) {
    return (
      <>
        <strong className="stage-place" role="status">
          {djPlanText(plan, playingOwn)}
        </strong>
        <button type="button" className="button" disabled={stage.busy} onClick={() => stage.planStepDown(0)}>
          Cancel plan
        </button>
      </>
    );
  }
  // The room steps a DJ down after its songs per DJ anyway: no plan past that is offered.
  const most = songLimit > 0 ? Math.min(songLimit, PLAN_CHOICES_MAX) : PLAN_CHOICES_MAX;
  return (
    <>
      <button type="button" className="button" disabled={stage.busy} onClick={() => stage.planStepDown(1)}>
        {playingOwn ? 'Step down after this song' : 'Step down after my next song'}
      </button>
      {most >= 2 && (
        <select
          className="stage-controls__select"
          aria-label="Step down after more songs"
          value=""
          disabled={stage.busy}
          onChange={(event) => event.target.value && stage.planStepDown(Number(event.target.value))}
        >
          <option value="">After more songs…</option>
          {Array.from({ length: most - 1 }, (_, n) => n + 2).map((songs) => (
            <option key={songs} value={songs}>
              After {songs} songs
            </option>
          ))}
        </select>
      )}
    </>
  );
}
