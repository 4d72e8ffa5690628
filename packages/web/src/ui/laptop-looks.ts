/**
 * How each type of laptop looks on the stage (spec §3: mac, pc, linux, chrome,
 * iphone, android): the shell's colours and a mark at the lid's centre, our own
 * simple shapes rather than anyone's logo. Only a room draws types, so this
 * lives apart from the lid's art (laptop-art.ts), which the sticker editor loads too.
 */
import { LAPTOP_SIZE, type laptops } from '@platter/contract';
import type { LaptopLook } from './laptop-art';

export type LaptopType = (typeof laptops)[number];

const centre = { x: LAPTOP_SIZE.width / 2, y: LAPTOP_SIZE.height / 2 };
const at = (body: string) => `<g transform="translate(${centre.x} ${centre.y})">${body}</g>`;

/** The looped square of a keyboard's command key. */
function loops(stroke: string): string {
  return at(
    [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ]
      .map(
        ([sx, sy]) =>
          `<circle cx="${sx! * 24}" cy="${sy! * 24}" r="12" fill="none" stroke="${stroke}" stroke-width="7"/>`,
      )
      .join('') + `<rect x="-12" y="-12" width="24" height="24" fill="none" stroke="${stroke}" stroke-width="7"/>`,
  );
}

function panes(fill: string): string {
  return at(
    [
      [-30, -30],
      [3, -30],
      [-30, 3],
      [3, 3],
    ]
      .map(([x, y]) => `<rect x="${x}" y="${y}" width="27" height="27" rx="3" fill="${fill}"/>`)
      .join(''),
  );
}

function bird(): string {
  return at(
    `<ellipse cx="0" cy="4" rx="26" ry="34" fill="#f3f1ea"/>` +
      `<ellipse cx="0" cy="10" rx="17" ry="24" fill="#fff"/>` +
      `<circle cx="-9" cy="-14" r="4" fill="#17161b"/><circle cx="9" cy="-14" r="4" fill="#17161b"/>` +
      `<path d="M-8 -4 L8 -4 L0 6 Z" fill="#f5b82e"/>` +
      `<ellipse cx="-12" cy="38" rx="11" ry="5" fill="#f5b82e"/><ellipse cx="12" cy="38" rx="11" ry="5" fill="#f5b82e"/>`,
  );
}

function target(fill: string): string {
  return at(`<circle r="38" fill="${fill}"/><circle r="24" fill="#f3f4f7"/><circle r="14" fill="${fill}"/>`);
}

function handset(fill: string): string {
  return at(
    `<rect x="-22" y="-40" width="44" height="80" rx="9" fill="none" stroke="${fill}" stroke-width="5"/>` +
      `<rect x="-8" y="-34" width="16" height="4" rx="2" fill="${fill}"/><circle cy="31" r="4" fill="${fill}"/>`,
  );
}

function robot(fill: string): string {
  return at(
    `<path d="M-30 6 A30 30 0 0 1 30 6 Z" fill="${fill}"/>` +
      `<rect x="-30" y="10" width="60" height="30" rx="6" fill="${fill}"/>` +
      `<path d="M-16 -22 L-24 -34 M16 -22 L24 -34" stroke="${fill}" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="-11" cy="-6" r="4" fill="#b9e39a"/><circle cx="11" cy="-6" r="4" fill="#b9e39a"/>`,
  );
}

export const laptopNames: Record<LaptopType, string> = {
  mac: 'Mac',
  pc: 'PC',
  linux: 'Linux',
  chrome: 'Chromebook',
  iphone: 'iPhone',
  android: 'Android',
};

/** The shell's colours and the mark at the lid's centre (our own simple shapes, no one's logo). */
export const laptopLooks: Record<LaptopType, LaptopLook> = {
  mac: { light: '#e3e5ec', dark: '#a3a7b4', mark: loops('#f7f8fa') },
  pc: { light: '#4a4e5c', dark: '#24262e', mark: panes('#7fb2ff') },
  linux: { light: '#3b3a40', dark: '#17161b', mark: bird() },
  chrome: { light: '#f3f4f7', dark: '#c8ccd6', mark: target('#4a7bd8') },
  iphone: { light: '#2d2f37', dark: '#101116', mark: handset('#d9dbe3') },
  android: { light: '#b9e39a', dark: '#6fae4a', mark: robot('#2f5e1c') },
};
