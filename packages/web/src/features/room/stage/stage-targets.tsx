/**
 * What the pointer, the keyboard and a screen reader meet on the scene, the same
 * over either renderer: each DJ's spot and each member of the crowd is a link that
 * opens their profile over the room; guests are drawn but are not links. An empty
 * spot is an "Open spot" button: stepping up is wired by whoever passes
 * `onStepUp`, and without it the spot is shown but unavailable (aria-disabled: it keeps
 * the focus of whoever is on it when the offer goes). Once the reader has stepped up from a
 * spot, the focus goes to their own figure on the stage. A locked stage's spots
 * say so; a DJ who plans to step down wears a badge ("last song").
 */
import { roomPageMessages } from '@platter/contract';
import { useRef, type CSSProperties } from 'react';
import { useCurrentUser } from '../../../session/use-session';
import { useFocusHandOff } from '../../../ui/focus-hand-off';
import { ModalLink } from '../../../ui/modal-link';
import { stillFocusable } from '../../../ui/still-focusable';
import { LockIcon } from '../rules/lock-badge';
import { djPlanBadge } from '../rules/rules-text';
import { FIGURE_ASPECT } from './crowd-layout';
import type { Scene, SceneFigure } from './scene';

interface StageTargetsProps {
  scene: Scene;
  onHover: (userid: string | null) => void;
  /** Called with the spot's index when someone picks an open spot. */
  onStepUp?: ((spot: number) => void) | undefined;
  /** A moderator locked the stage: its open spots say so. */
  locked?: boolean;
  /** The DJs' own plans: songs left before each steps down. */
  djPlans?: Readonly<Record<string, number>>;
}

export function StageTargets({ scene, onHover, onStepUp, locked = false, djPlans = {} }: StageTargetsProps) {
  const { stage } = scene.layout;
  const hover = (userid: string) => ({
    onPointerEnter: () => onHover(userid),
    onPointerLeave: () => onHover(null),
    onFocus: () => onHover(userid),
    onBlur: () => onHover(null),
  });
  const spotHeight = stage.labelTop + 20 - stage.figureTop;
  const me = useCurrentUser()?.userid;
  const stageBox = useRef<HTMLElement>(null);
  const mySpot = scene.djs.find((dj) => dj.userid === me)?.spot;
  const steppedUp = useFocusHandOff(mySpot, () =>
    stageBox.current?.querySelector<HTMLElement>(`[data-userid="${CSS.escape(me ?? '')}"]`),
  );
  return (
    <>
      <section ref={stageBox} className="scene-targets" aria-label={roomPageMessages.stageLabel}>
        {stage.spots.map((spot) => {
          const dj = scene.djs.find((d) => d.spot === spot.index);
          const box: CSSProperties = {
            left: spot.x - spot.width / 2,
            top: stage.figureTop,
            width: spot.width,
            height: spotHeight,
          };
          if (!dj) {
            return (
              <button
                key={spot.index}
                type="button"
                className="scene-spot"
                style={{
                  ...box,
                  left: spot.x - spot.width / 2 + 4,
                  width: spot.width - 8,
                  height: stage.desk.top - stage.figureTop - 4,
                }}
                {...stillFocusable(!onStepUp, () => {
                  steppedUp();
                  onStepUp?.(spot.index);
                })}
              >
                {locked ? (
                  <span className="scene-spot__plus" aria-hidden="true">
                    <LockIcon />
                  </span>
                ) : (
                  <span className="scene-spot__plus" aria-hidden="true">
                    +
                  </span>
                )}
                {roomPageMessages.openSpot}
                {locked && <span className="scene-spot__lock">{roomPageMessages.spotLocked}</span>}
              </button>
            );
          }
          const plan = djPlans[dj.userid];
          const name = (
            <>
              <Heart shown={dj.snagged} />
              <span className={`scene-dj__name${dj.playing ? ' is-playing' : ''}`}>
                {dj.name ?? roomPageMessages.guest}
                {dj.playing && <span className="scene-dj__playing">{roomPageMessages.djPlaying}</span>}
              </span>
              {plan !== undefined && <span className="scene-dj__plan">{djPlanBadge(plan)}</span>}
            </>
          );
          return dj.name === null ? (
            <span key={spot.index} className="scene-dj" style={box} data-userid={dj.userid}>
              {name}
            </span>
          ) : (
            <ModalLink
              key={spot.index}
              className="scene-dj"
              style={box}
              data-userid={dj.userid}
              to={`/profile/${dj.userid}`}
              {...hover(dj.userid)}
            >
              {name}
            </ModalLink>
          );
        })}
      </section>
      <section className="scene-targets" aria-label={roomPageMessages.crowdLabel}>
        {scene.crowd.map((person) =>
          person.name === null ? null : (
            <ModalLink
              key={person.userid}
              className="scene-member"
              style={figureBox(person)}
              to={`/profile/${person.userid}`}
              {...hover(person.userid)}
            >
              <Heart shown={person.snagged} />
              <span className="scene-member__name">{person.name}</span>
            </ModalLink>
          ),
        )}
      </section>
    </>
  );
}

/** The heart over someone who snagged the playing song. */
function Heart({ shown }: { shown: boolean }) {
  return shown ? (
    <span className="scene-heart" role="img" aria-label={roomPageMessages.snaggedHeart} data-testid="snag-heart">
      ♥
    </span>
  ) : null;
}

/** A crowd member's clickable box: the figure's body, not the transparent margins around it. */
function figureBox(person: SceneFigure): CSSProperties {
  const width = person.height * FIGURE_ASPECT * 0.7;
  return { left: person.x - width / 2, top: person.y - person.height * 0.95, width, height: person.height * 0.9 };
}
