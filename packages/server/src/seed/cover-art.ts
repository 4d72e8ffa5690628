/**
 * Cover art for the demo songs: a small SVG per song, drawn from its title
 * so that each is distinct and stable. Written to the media folder.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PALETTES = [
  ['#ff4f8b', '#8a5cff'],
  ['#f5c04a', '#ff6a3d'],
  ['#3ecf8e', '#1b6fd1'],
  ['#00c2d1', '#3a0ca3'],
  ['#ff9e00', '#d00000'],
  ['#b5e48c', '#168aad'],
  ['#f72585', '#4361ee'],
  ['#ffd6a5', '#9b5de5'],
];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function coverArtSvg(artist: string, title: string): string {
  const digest = createHash('sha256').update(`${artist}\n${title}`).digest();
  const byte = (i: number) => digest[i % digest.length] ?? 0;
  const [from, to] = PALETTES[byte(0) % PALETTES.length] ?? ['#ff4f8b', '#8a5cff'];
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const x = byte(i * 3 + 1) % 300;
    const y = byte(i * 3 + 2) % 300;
    const r = 20 + (byte(i * 3 + 3) % 90);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.06 + (byte(i + 20) % 10) / 60).toFixed(2)}"/>`;
  }).join('');
  const initials = escapeXml(
    title
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 3)
      .toUpperCase(),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>${shapes}
<text x="24" y="270" font-family="Helvetica, Arial, sans-serif" font-size="64" font-weight="800" fill="#fff" opacity="0.92">${initials}</text>
</svg>`;
}

/** Writes a song's cover into the media folder and returns its public URL. */
export function writeCoverArt(mediaDir: string, artist: string, title: string): string {
  const name = `${createHash('sha1').update(`${artist}\n${title}`).digest('hex').slice(0, 16)}.svg`;
  const dir = path.join(mediaDir, 'covers');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), coverArtSvg(artist, title));
  return `/media/covers/${name}`;
}
