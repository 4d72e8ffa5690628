/**
 * The room's scene as data: who stands where, drawn by either renderer
 * (renderer-dom.tsx, renderer-pixi.ts) and covered by the same hit targets
 * (stage-targets.tsx). Everything here is in scene pixels from the top left.
 */
import type { Placement, RoomUser, Sticker } from '@platter/contract';
import type { LaptopType } from '../../../ui/laptop-looks';
import type { SceneLayout } from './scene-layout';

export interface SceneFigure {
  userid: string;
  /** Null for a guest: drawn and counted, never a link. */
  name: string | null;
  /** The standing figure's picture (fullfront). */
  image: string;
  /** The centre of the figure's feet. */
  x: number;
  y: number;
  height: number;
  phase: number;
  /** Voted Awesome on the playing song: bobs its head to it (with Animation on). */
  nodding: boolean;
  /** Snagged the playing song: a heart over them. */
  snagged: boolean;
}

export interface SceneDj extends SceneFigure {
  spot: number;
  laptop: LaptopType;
  placements: readonly Placement[];
  /** The laptop's box: centred on x, its top edge at laptopTop. */
  laptopTop: number;
  laptopWidth: number;
  /** The DJ whose song is playing: lit up. */
  playing: boolean;
}

export interface Scene {
  layout: SceneLayout;
  djs: SceneDj[];
  /** Back rows first: the order to draw them in. */
  crowd: SceneFigure[];
  stickers: ReadonlyMap<string, Sticker>;
  /** Idle motion on (the Animation preference, and the system's reduced-motion wish). */
  animated: boolean;
  /** Figures grow a little under the pointer (the Zoom preference). */
  zoom: boolean;
}

/** How much bigger a figure under the pointer is drawn, with Zoom on. */
export const ZOOM_SCALE = 1.08;

interface SceneInputs {
  layout: SceneLayout;
  /** The DJs in stage order (djids), as the room store knows them. */
  djs: readonly RoomUser[];
  listeners: ReadonlyMap<string, RoomUser>;
  placements: ReadonlyMap<string, readonly Placement[]>;
  stickers: ReadonlyMap<string, Sticker>;
  animated: boolean;
  zoom: boolean;
  /** The DJ playing now, or null. */
  playing: string | null;
  /** Who voted Awesome on the playing song. */
  awesome: ReadonlySet<string>;
  snaggers: ReadonlySet<string>;
}

export function buildScene(inputs: SceneInputs): Scene {
  const { layout, placements } = inputs;
  const { stage } = layout;
  const djs = inputs.djs.flatMap((user, index): SceneDj[] => {
    const spot = stage.spots[index];
    if (!spot) return [];
    return [
      {
        userid: user.userid,
        name: user.name,
        image: user.images.fullfront,
        x: spot.x,
        y: stage.figureTop + stage.figureHeight,
        height: stage.figureHeight,
        phase: 0.25 * index,
        nodding: inputs.awesome.has(user.userid),
        snagged: inputs.snaggers.has(user.userid),
        playing: user.userid === inputs.playing,
        spot: index,
        laptop: user.laptop,
        placements: placements.get(user.userid) ?? [],
        laptopTop: stage.laptopTop,
        laptopWidth: stage.laptopWidth,
      },
    ];
  });
  const crowd = layout.crowd.spots.flatMap((spot): SceneFigure[] => {
    const user = inputs.listeners.get(spot.userid);
    if (!user) return [];
    return [
      {
        userid: user.userid,
        name: user.name,
        image: user.images.fullfront,
        x: spot.x,
        y: layout.crowdTop + spot.y,
        height: spot.height,
        phase: spot.phase,
        nodding: inputs.awesome.has(user.userid),
        snagged: inputs.snaggers.has(user.userid),
      },
    ];
  });
  return { layout, djs, crowd, stickers: inputs.stickers, animated: inputs.animated, zoom: inputs.zoom };
}
