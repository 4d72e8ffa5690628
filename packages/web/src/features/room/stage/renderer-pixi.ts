/**
 * The WebGL renderer (PixiJS 8): the same scene as renderer-dom.tsx, drawn on one
 * canvas. Pictures are loaded once per address and shared; a change of the scene
 * (someone comes, goes or steps up, or the page is resized) redraws the display
 * list. Frames come from frame-scheduler.ts: one per change, and while the crowd
 * bobs (Animation on) at most 20 a second; a still room draws nothing. Frames
 * that keep missing their budget give the WebGL stage up (`onSlow`).
 *
 * Only the parts the stage uses are imported: a WebGLRenderer made directly (no
 * Application, whose renderer auto-detection probes WebGL and WebGPU with
 * throw-away contexts and fetches the WebGPU or Canvas renderers), with
 * `skipExtensionImports` so the browser environment's extras (accessibility,
 * DOM, events, filters, spritesheets) are not fetched, plus Graphics for the
 * desk, the spotlight and the lid's mask.
 */
// Our Content-Security-Policy has no 'unsafe-eval': PixiJS then needs its eval-free shader and upload code.
import 'pixi.js/unsafe-eval';
import 'pixi.js/graphics';
import { Container, Graphics, Sprite, Texture, WebGLRenderer } from 'pixi.js';
import { LAPTOP_SIZE, STICKER_WIDTH } from '@platter/contract';
import { laptopArtUrl } from '../../../ui/laptop-art';
import { laptopLooks } from '../../../ui/laptop-looks';
import { createFrameScheduler } from './frame-scheduler';
import { STAGE_FPS, figureLift } from './renderer-choice';
import { ZOOM_SCALE, type Scene, type SceneDj, type SceneFigure } from './scene';

export interface PixiStage {
  draw(scene: Scene): void;
  hover(userid: string | null): void;
  destroy(): void;
}

interface Standing {
  figure: SceneFigure;
  sprite: Sprite;
  /** The scale that makes the picture the figure's height, once the picture is in. */
  fit: number;
}

const LID_RADIUS = 22;

export async function createPixiStage(host: HTMLElement, onSlow: () => void): Promise<PixiStage> {
  const renderer = new WebGLRenderer();
  await renderer.init({
    skipExtensionImports: true,
    backgroundAlpha: 0,
    antialias: true,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    width: Math.max(1, host.clientWidth),
    height: 1,
  });
  host.appendChild(renderer.canvas);
  const root = new Container();

  const pictures = new Map<string, Promise<Texture>>();
  const picture = (url: string) => {
    let loading = pictures.get(url);
    if (!loading) {
      loading = loadPicture(url);
      pictures.set(url, loading);
    }
    return loading;
  };

  let scene: Scene | null = null;
  let hovered: string | null = null;
  let standing: Standing[] = [];

  const pose = (now: number) => {
    for (const { figure, sprite, fit } of standing) {
      const lift = scene?.animated ? figureLift(now, figure.phase, figure.nodding) : 0;
      sprite.y = figure.y - lift;
      sprite.scale.set(fit * (scene?.zoom && hovered === figure.userid ? ZOOM_SCALE : 1));
    }
  };
  const frames = createFrameScheduler({
    fps: STAGE_FPS,
    draw: (now) => {
      pose(now);
      renderer.render(root);
    },
    onSlow,
  });
  /** One frame, soon: what a change asks for. */
  const paint = () => frames.invalidate();

  const stand = (figure: SceneFigure, layer: Container) => {
    const sprite = new Sprite(Texture.EMPTY);
    sprite.anchor.set(0.5, 1);
    sprite.position.set(figure.x, figure.y);
    layer.addChild(sprite);
    const entry: Standing = { figure, sprite, fit: 0 };
    standing.push(entry);
    void picture(figure.image).then((texture) => {
      if (sprite.destroyed) return;
      sprite.texture = texture;
      entry.fit = figure.height / Math.max(1, texture.height);
      paint();
    });
  };

  const laptop = (dj: SceneDj, layer: Container, stickers: Scene['stickers']) => {
    const lid = new Container();
    lid.position.set(dj.x - dj.laptopWidth / 2, dj.laptopTop);
    lid.scale.set(dj.laptopWidth / LAPTOP_SIZE.width);
    const art = new Sprite(Texture.EMPTY);
    lid.addChild(art);
    void picture(laptopArtUrl(laptopLooks[dj.laptop])).then((texture) => {
      if (art.destroyed) return;
      art.texture = texture;
      art.setSize(LAPTOP_SIZE.width, LAPTOP_SIZE.height);
      paint();
    });
    for (const placement of dj.placements) {
      const sticker = stickers.get(placement.sticker_id);
      if (!sticker) continue;
      const sprite = new Sprite(Texture.EMPTY);
      sprite.anchor.set(0.5);
      sprite.position.set(placement.left + STICKER_WIDTH / 2, placement.top + STICKER_WIDTH / 2);
      sprite.angle = placement.angle;
      lid.addChild(sprite);
      void picture(sticker.path).then((texture) => {
        if (sprite.destroyed) return;
        sprite.texture = texture;
        sprite.setSize(STICKER_WIDTH, STICKER_WIDTH);
        paint();
      });
    }
    // Stickers stop at the lid's edge, as in the sticker editor.
    const mask = new Graphics().roundRect(0, 0, LAPTOP_SIZE.width, LAPTOP_SIZE.height, LID_RADIUS).fill(0xffffff);
    lid.addChild(mask);
    lid.mask = mask;
    layer.addChild(lid);
  };

  return {
    draw(next) {
      scene = next;
      const { layout } = next;
      renderer.resize(Math.max(1, layout.width), Math.max(1, layout.height));
      for (const child of root.removeChildren()) child.destroy({ children: true });
      standing = [];
      const { desk } = layout.stage;
      const djs = new Container();
      // The DJ playing now stands in a spotlight.
      for (const dj of next.djs.filter((one) => one.playing)) {
        djs.addChild(
          new Graphics()
            .ellipse(dj.x, dj.y - dj.height * 0.45, dj.height * 0.42, dj.height * 0.55)
            .fill({ color: 0xff4f8b, alpha: 0.28 }),
        );
      }
      next.djs.forEach((dj) => stand(dj, djs));
      const deskShape = new Graphics()
        .roundRect(desk.left, desk.top, desk.width, desk.height, 4)
        .fill(0x2e2b3d)
        .rect(desk.left + 4, desk.top, desk.width - 8, 2)
        .fill(0xff4f8b);
      const laptops = new Container();
      next.djs.forEach((dj) => laptop(dj, laptops, next.stickers));
      const crowd = new Container();
      next.crowd.forEach((figure) => stand(figure, crowd));
      root.addChild(djs, deskShape, laptops, crowd);
      // The bob moves figures all the time; without it a frame is drawn only when something changes.
      frames.setMoving(next.animated && standing.length > 0);
      paint();
    },
    hover(userid) {
      hovered = userid;
      paint();
    },
    destroy() {
      frames.stop();
      root.destroy({ children: true });
      renderer.destroy({ removeView: true });
      for (const loading of pictures.values()) {
        void loading.then((texture) => texture !== Texture.EMPTY && texture.destroy(true));
      }
    },
  };
}

/** A picture as a texture, through an <img> so SVG and PNG alike are decoded by the browser. */
async function loadPicture(url: string): Promise<Texture> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  try {
    await image.decode();
  } catch {
    return Texture.EMPTY;
  }
  return Texture.from(image);
}
