/**
 * The laptop lid's art (564 × 381, the 500 × 325 screen area as the cover), as
 * one SVG drawing. The sticker editor draws it plain under the stickers being
 * placed; a room draws it in front of each DJ with their laptop type's look
 * (laptop-looks.ts), as an image in the DOM renderer and as a texture in the
 * WebGL one, so every screen shows the same lid.
 */
import { LAPTOP_SCREEN_SIZE, LAPTOP_SIZE } from '@platter/contract';

/** A type of laptop's shell colours and the mark (SVG markup) at the lid's centre. */
export interface LaptopLook {
  light: string;
  dark: string;
  mark: string;
}

/** The lid as SVG markup. Without a look it is the plain lid the sticker editor has always shown. */
export function laptopArtSvg(look?: LaptopLook): string {
  const { width, height } = LAPTOP_SIZE;
  const screen = LAPTOP_SCREEN_SIZE;
  const inset = { x: (width - screen.width) / 2, y: (height - screen.height) / 2 };
  const shell = look ?? { light: '#d9dbe3', dark: '#9a9eab' };
  // The plain lid: the cover region the editor places stickers in, and a soft spot where a logo would be.
  const mark = look?.mark ?? `<circle cx="${width / 2}" cy="${height / 2}" r="26" fill="#e7e9ef" opacity="0.55"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="shell" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${shell.light}"/><stop offset="1" stop-color="${shell.dark}"/></linearGradient></defs>` +
    `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="22" fill="url(#shell)"/>` +
    (look
      ? ''
      : `<rect x="${inset.x}" y="${inset.y}" width="${screen.width}" height="${screen.height}" rx="12" fill="#bdc1cc" stroke="#8c90a0" stroke-dasharray="6 6"/>`) +
    mark +
    `</svg>`
  );
}

/** The lid as an image address (a data: URL), for an <img> or a WebGL texture. */
export function laptopArtUrl(look?: LaptopLook): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(laptopArtSvg(look))}`;
}
