/**
 * The DOM/SVG renderer: the scene as positioned pictures, moved by a CSS
 * animation stepped at 20 fps (renderer-choice.ts). Only pictures: it is hidden
 * from assistive technology and from the pointer, since the hit targets over it
 * (stage-targets.tsx) are the same for both renderers.
 */
import type { CSSProperties } from 'react';
import { LaptopLid } from '../../../ui/laptop-lid';
import { FIGURE_ASPECT } from './crowd-layout';
import type { Scene, SceneFigure } from './scene';

export interface RendererProps {
  scene: Scene;
  /** The figure under the pointer or keyboard focus: drawn a little bigger with Zoom on. */
  hovered: string | null;
}

export function DomRenderer({ scene, hovered }: RendererProps) {
  const { desk } = scene.layout.stage;
  const moving = scene.animated ? ' is-moving' : '';
  const figure = (person: SceneFigure & { playing?: boolean }) => (
    <Figure
      key={person.userid}
      person={person}
      className={`${moving}${scene.animated && person.nodding ? ' is-nodding' : ''}${person.playing ? ' is-playing' : ''}`}
      hovered={scene.zoom && hovered === person.userid}
    />
  );
  return (
    <div className="scene-drawing" aria-hidden="true">
      <div className="scene-desk" style={{ left: desk.left, top: desk.top, width: desk.width, height: desk.height }} />
      {scene.djs.map(figure)}
      {scene.djs.map((dj) => (
        <LaptopLid
          key={`laptop-${dj.userid}`}
          className="scene-laptop"
          type={dj.laptop}
          placements={dj.placements}
          stickers={scene.stickers}
          width={dj.laptopWidth}
          style={{ left: dj.x - dj.laptopWidth / 2, top: dj.laptopTop }}
        />
      ))}
      {scene.crowd.map(figure)}
    </div>
  );
}

function Figure({ person, className, hovered }: { person: SceneFigure; className: string; hovered: boolean }) {
  const width = Math.round(person.height * FIGURE_ASPECT);
  const style = {
    left: person.x - width / 2,
    top: person.y - person.height,
    width,
    height: person.height,
    '--phase': person.phase.toFixed(3),
  } as CSSProperties;
  return (
    <div className={`scene-figure${className}${hovered ? ' is-hovered' : ''}`} style={style}>
      <img src={person.image} alt="" width={width} height={person.height} draggable={false} decoding="async" />
    </div>
  );
}
