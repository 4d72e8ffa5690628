/**
 * The stage and the crowd (docs/room.md, "The room page"): the DJ booth with
 * max_djs spots at the back, every listener in front, drawn by the renderer
 * chosen for this room (WebGL or DOM) under one layer of hit targets. The
 * layout is measured from the space the page gives the scene.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { roomPageMessages, type RoomDetails, type RoomUser } from '@platter/contract';
import { useRoom } from '../../../live/room-store';
import { useCurrentUser, usePreferences } from '../../../session/use-session';
import { crowdOrder } from './crowd-layout';
import { CrowdMore } from './crowd-more';
import { motionAllowed } from './renderer-choice';
import { DomRenderer } from './renderer-dom';
import { WebglRenderer } from './renderer-webgl';
import { buildScene } from './scene';
import { layoutScene } from './scene-layout';
import { StageTargets } from './stage-targets';
import { useDjLaptops } from './use-dj-laptops';
import { useRendererKind } from './use-renderer-kind';

export interface StageProps {
  room: RoomDetails;
  /** Stepping up to an open spot; without it (a guest, a locked stage, people waiting), open spots are shown but disabled. */
  onStepUp?: (spot: number) => void;
}

export function Stage({ room, onStepUp }: StageProps) {
  const users = useRoom((state) => state.users);
  const djids = useRoom((state) => state.djids);
  const playing = useRoom((state) => state.music.song?.djid ?? null);
  const votes = useRoom((state) => state.music.votes);
  const snaggerIds = useRoom((state) => state.music.snaggers);
  const djPlans = useRoom((state) => state.djPlans);
  const snaggers = useMemo(() => new Set(snaggerIds), [snaggerIds]);
  const awesome = useMemo(
    () => new Set([...votes].flatMap(([userid, vote]) => (vote === 'up' ? [userid] : []))),
    [votes],
  );
  const preferences = usePreferences().data;
  const me = useCurrentUser()?.userid;
  const { kind, fail } = useRendererKind();
  const [frameRef, width] = useWidth();
  const [hovered, setHovered] = useState<string | null>(null);

  const { djs, listeners, crowdIds } = useMemo(() => {
    const byId = new Map(users.map((user) => [user.userid, user]));
    const onStage = djids.flatMap((id) => byId.get(id) ?? []);
    return { djs: onStage, listeners: byId, crowdIds: crowdOrder(users, djids, me) };
  }, [users, djids, me]);
  const laptops = useDjLaptops(djids);
  const layout = useMemo(
    () => layoutScene(room.metadata.max_djs, crowdIds, width),
    [room.metadata.max_djs, crowdIds, width],
  );
  const animated = motionAllowed(preferences?.disable_animation);
  const zoom = !preferences?.disable_zoom;
  const scene = useMemo(
    () => buildScene({ layout, djs, listeners, ...laptops, animated, zoom, playing, awesome, snaggers }),
    [layout, djs, listeners, laptops, animated, zoom, playing, awesome, snaggers],
  );
  const hidden: RoomUser[] = useMemo(
    () => crowdIds.slice(crowdIds.length - layout.crowd.hidden).flatMap((id) => listeners.get(id) ?? []),
    [crowdIds, layout.crowd.hidden, listeners],
  );

  return (
    <div className="room-stage">
      <div
        ref={frameRef}
        className="room-scene"
        style={{ height: layout.height }}
        data-renderer={kind ?? 'choosing'}
        data-testid="room-scene"
      >
        {width > 0 && kind === 'webgl' && <WebglRenderer scene={scene} hovered={hovered} onFailed={fail} />}
        {width > 0 && kind === 'dom' && <DomRenderer scene={scene} hovered={hovered} />}
        {width > 0 && kind && (
          <StageTargets
            scene={scene}
            onHover={setHovered}
            onStepUp={onStepUp}
            locked={room.metadata.rules.stage_locked}
            djPlans={djPlans}
          />
        )}
        {crowdIds.length === 0 && (
          <p className="room-scene__empty" style={{ top: layout.crowdTop }}>
            {roomPageMessages.emptyFloor}
          </p>
        )}
      </div>
      {hidden.length > 0 && <CrowdMore people={hidden} />}
    </div>
  );
}

/** The element's width, kept up to date as the page is resized. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.round(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
