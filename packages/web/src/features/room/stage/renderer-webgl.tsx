/**
 * The WebGL renderer's place in the page: a host for the PixiJS canvas. PixiJS
 * is imported here, on demand, so it is fetched only by a room drawn with WebGL
 * (never by the lobby, nor by a room drawn in the DOM). If it cannot start (no
 * context after all, a lost driver), `onFailed` lets the stage fall back to the
 * DOM renderer; so does a stage whose frames keep missing their budget.
 */
import { useEffect, useRef, useState } from 'react';
import type { RendererProps } from './renderer-dom';
import type { PixiStage } from './renderer-pixi';
import type { StageFallback } from '../../../lib/stage-drawing';

export function WebglRenderer({
  scene,
  hovered,
  onFailed,
}: RendererProps & { onFailed: (reason: Extract<StageFallback, 'failed' | 'slow'>) => void }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [pixi, setPixi] = useState<PixiStage | null>(null);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let made: PixiStage | null = null;
    import('./renderer-pixi')
      .then(({ createPixiStage }) => createPixiStage(host, () => failed.current('slow')))
      .then((stage) => {
        if (cancelled) stage.destroy();
        else setPixi((made = stage));
      })
      .catch((error: unknown) => {
        // Said once in the console, for whoever wonders why the room is drawn without WebGL.
        console.warn('The WebGL renderer could not start; drawing the room in the DOM.', error);
        if (!cancelled) failed.current('failed');
      });
    return () => {
      cancelled = true;
      made?.destroy();
    };
  }, []);

  useEffect(() => pixi?.draw(scene), [pixi, scene]);
  useEffect(() => pixi?.hover(hovered), [pixi, hovered]);

  return <div ref={hostRef} className="scene-drawing scene-drawing--webgl" aria-hidden="true" />;
}
