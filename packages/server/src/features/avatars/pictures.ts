/**
 * The avatar pictures: SVG drawn by our own code (art/), rendered to PNG once
 * with resvg and kept in DATA_DIR/media/avatars, then in memory. A picture's
 * file name carries a hash of its SVG, so changed art is rendered afresh and
 * never served stale. Without a working resvg, the SVG itself is served.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import {
  CUSTOM_PART_MAX,
  CUSTOM_PART_MIN,
  CUSTOM_PARTS,
  customAvatarParts,
  type CustomAvatarParts,
  type CustomPart,
} from '@platter/contract';
import { bodyLayer, figureOf, figureSvg, headLayer, layerSvg, printLayer, type View } from './art/compose';
import { characterById, type Character } from './art/roster';

export interface Picture {
  body: Buffer;
  type: 'image/png' | 'image/svg+xml';
  etag: string;
}

type Rasterise = (svg: string) => Buffer;

/** resvg, or null where its prebuilt binary is missing (then pictures are served as SVG). */
async function loadRasteriser(): Promise<Rasterise | null> {
  try {
    const { Resvg } = await import('@resvg/resvg-js');
    return (svg) => Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
  } catch {
    return null;
  }
}

/** The SVG for /roommanager_assets/avatars/{avatarId}/{view}.png, or null for an id we have no art for. */
export function avatarSvg(avatarId: number, view: View): string | null {
  const character = characterById(avatarId);
  if (character) return figureSvg(figureOf(character), view);
  const parts = customAvatarParts(avatarId);
  return parts ? figureSvg(customFigure(parts), view) : null;
}

function part(n: number): Character {
  const character = characterById(n);
  if (!character) throw new Error(`no character ${n} for a custom avatar part`);
  return character;
}

function customFigure({ head, body, screen }: CustomAvatarParts) {
  return { head: part(head), body: part(body), print: screen, backdrop: part(head).backdrop };
}

/** The SVG of one custom avatar layer ("head-7", "body-12", "screen-3"), or null. */
export function layerSvgOf(file: string): string | null {
  const match = /^(head|body|screen)-(\d{1,2})$/.exec(file);
  if (!match) return null;
  const kind = match[1] as CustomPart;
  const n = Number(match[2]);
  if (!CUSTOM_PARTS.includes(kind) || n < CUSTOM_PART_MIN || n > CUSTOM_PART_MAX) return null;
  if (kind === 'head') return layerSvg(headLayer(part(n)));
  if (kind === 'body') return layerSvg(bodyLayer(part(n)));
  return layerSvg(printLayer(n));
}

export class AvatarPictures {
  private readonly memory = new LRUCache<string, Picture>({ max: 600 });
  private readonly pending = new Map<string, Promise<Picture>>();
  private rasterise: Promise<Rasterise | null> | null = null;

  constructor(private readonly folder: string) {}

  /**
   * A picture for an SVG; `name` is where it lives under the folder (e.g.
   * "8/headfront"). Only `persist`ed pictures go to disk: the characters and
   * the maker's layers are a few hundred files, while the 32,768 custom
   * combinations are rendered when asked for and kept in memory only, so that
   * nobody can fill the disk by asking for them all.
   */
  picture(name: string, svg: string, persist = true): Promise<Picture> {
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 16);
    const key = `${name}-${hash}`;
    const known = this.memory.get(key);
    if (known) return Promise.resolve(known);
    let work = this.pending.get(key);
    if (!work) {
      work = this.load(name, hash, svg, persist).finally(() => this.pending.delete(key));
      this.pending.set(key, work);
    }
    return work.then((picture) => {
      this.memory.set(key, picture);
      return picture;
    });
  }

  private async load(name: string, hash: string, svg: string, persist: boolean): Promise<Picture> {
    this.rasterise ??= loadRasteriser();
    const rasterise = await this.rasterise;
    const etag = `"${hash}"`;
    if (!rasterise) return { body: Buffer.from(svg), type: 'image/svg+xml', etag };
    if (!persist) return { body: rasterise(svg), type: 'image/png', etag };
    const file = path.join(this.folder, `${name}-${hash}.png`);
    try {
      return { body: await fs.readFile(file), type: 'image/png', etag };
    } catch {
      // Not rendered yet.
    }
    const body = rasterise(svg);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    await fs.writeFile(partial, body);
    await fs.rename(partial, file);
    return { body, type: 'image/png', etag };
  }
}
