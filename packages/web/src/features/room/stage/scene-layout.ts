/**
 * The room's scene, measured: the DJ booth across the back (max_djs spots, each a
 * DJ standing behind their laptop on one long desk), the crowd's floor in front.
 * Pure numbers, so both renderers and the hit targets over them agree.
 */
import { LAPTOP_SIZE } from '@platter/contract';
import { FIGURE_ASPECT, layoutCrowd, type CrowdLayout } from './crowd-layout';

const SPOT_MAX_WIDTH = 168;
const STAGE_MARGIN = 12;
const STAGE_TOP = 12;
/** The laptop hides the DJ from the waist down, as behind a real desk. */
const LAPTOP_COVERS_FROM = 0.6;
const LABEL_HEIGHT = 20;
const GAP_TO_CROWD = 18;

export interface SpotBox {
  index: number;
  /** The spot's centre line and width, in scene pixels. */
  x: number;
  width: number;
}

export interface StageLayout {
  spots: SpotBox[];
  figureTop: number;
  figureHeight: number;
  figureWidth: number;
  laptopTop: number;
  laptopWidth: number;
  laptopHeight: number;
  desk: { left: number; top: number; width: number; height: number };
  labelTop: number;
  height: number;
}

export interface SceneLayout {
  width: number;
  stage: StageLayout;
  /** Where the crowd's floor starts; crowd spots are measured from here. */
  crowdTop: number;
  crowd: CrowdLayout;
  height: number;
}

export function layoutStage(maxDjs: number, width: number): StageLayout {
  const count = Math.max(1, Math.round(maxDjs));
  const spotWidth = Math.min(SPOT_MAX_WIDTH, (width - 2 * STAGE_MARGIN) / count);
  const figureHeight = Math.round(Math.min(176, spotWidth * 1.05));
  const laptopWidth = Math.round(spotWidth * 0.6);
  const laptopHeight = Math.round((laptopWidth * LAPTOP_SIZE.height) / LAPTOP_SIZE.width);
  const laptopTop = STAGE_TOP + Math.round(figureHeight * LAPTOP_COVERS_FROM);
  const deskHeight = Math.max(8, Math.round(spotWidth * 0.08));
  // The desk's top edge meets the laptop's hinge, where the DJ's feet would be.
  const deskTop = Math.max(laptopTop + laptopHeight - 2, STAGE_TOP + figureHeight - 4);
  const deskWidth = spotWidth * count + 8;
  const labelTop = deskTop + deskHeight + 4;
  const spots = Array.from({ length: count }, (_, index) => ({
    index,
    x: Math.round(width / 2 + (index - (count - 1) / 2) * spotWidth),
    width: Math.round(spotWidth),
  }));
  return {
    spots,
    figureTop: STAGE_TOP,
    figureHeight,
    figureWidth: Math.round(figureHeight * FIGURE_ASPECT),
    laptopTop,
    laptopWidth,
    laptopHeight,
    desk: {
      left: Math.round(width / 2 - deskWidth / 2),
      top: deskTop,
      width: Math.round(deskWidth),
      height: deskHeight,
    },
    labelTop,
    height: labelTop + LABEL_HEIGHT + 6,
  };
}

export function layoutScene(maxDjs: number, listenerIds: readonly string[], width: number): SceneLayout {
  const stage = layoutStage(maxDjs, width);
  const crowd = layoutCrowd(listenerIds, width);
  const crowdTop = stage.height + GAP_TO_CROWD;
  return { width, stage, crowdTop, crowd, height: crowdTop + crowd.height };
}
