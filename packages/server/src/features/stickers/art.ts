/**
 * Platter's own laptop stickers, drawn as SVG: die-cut shapes with a white
 * border, like the real thing. Each design is a function of its name, so the
 * catalogue below is the whole source of the art.
 */

export interface StickerDesign {
  slug: string;
  name: string;
  /** Cents. */
  price: number;
  draw: () => string;
}

const OUTLINE = 'stroke="#fff" stroke-width="6" stroke-linejoin="round"';

function svg(body: string, viewBox = '0 0 130 130'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="130" height="130"><g filter="drop-shadow(0 2px 2px rgba(0,0,0,.35))">${body}</g></svg>`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A word on a pill or circle. */
function badge(text: string, fill: string, ink: string, shape: 'pill' | 'circle' = 'pill'): () => string {
  return () => {
    const base =
      shape === 'pill'
        ? `<rect x="8" y="38" width="114" height="54" rx="27" fill="${fill}" ${OUTLINE}/>`
        : `<circle cx="65" cy="65" r="56" fill="${fill}" ${OUTLINE}/>`;
    const size = text.length > 6 ? 17 : text.length > 5 ? 20 : 26;
    return svg(
      `${base}<text x="65" y="${shape === 'pill' ? 74 : 74}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="900" font-size="${size}" fill="${ink}">${escape(text)}</text>`,
    );
  };
}

/** A filled path with the sticker border. */
function shape(path: string, fill: string, extra = ''): () => string {
  return () => svg(`<path d="${path}" fill="${fill}" ${OUTLINE}/>${extra}`);
}

const STAR = 'M65 8 L80 46 L121 48 L89 73 L100 113 L65 90 L30 113 L41 73 L9 48 L50 46 Z';
const HEART = 'M65 112 C20 80 8 58 16 38 C24 18 52 14 65 36 C78 14 106 18 114 38 C122 58 110 80 65 112 Z';
const BOLT = 'M74 6 L28 72 L58 72 L50 124 L102 52 L70 52 Z';
const NOTE = 'M50 20 L110 8 L110 88 A18 14 0 1 1 98 76 L98 34 L62 42 L62 100 A18 14 0 1 1 50 88 Z';
const FLAME =
  'M65 8 C86 36 108 52 104 84 C100 110 82 122 65 122 C42 122 24 106 26 80 C28 60 44 52 48 32 C58 44 56 58 62 64 C70 50 70 30 65 8 Z';
const CROWN = 'M14 96 L10 34 L40 62 L65 22 L90 62 L120 34 L116 96 Z';
const MOON = 'M86 12 A54 54 0 1 0 118 86 A42 42 0 1 1 86 12 Z';
const CLOUD = 'M34 98 A22 22 0 0 1 30 54 A30 30 0 0 1 86 40 A24 24 0 0 1 110 70 A16 16 0 0 1 104 98 Z';

export const STICKER_DESIGNS: readonly StickerDesign[] = [
  { slug: 'play', name: 'Play', price: 0, draw: badge('▶ PLAY', '#ff4f8b', '#fff') },
  { slug: 'awesome', name: 'Awesome', price: 0, draw: badge('AWESOME', '#3ecf8e', '#0b2e1f') },
  { slug: 'lame', name: 'Lame', price: 0, draw: badge('LAME', '#ff5d5d', '#fff') },
  { slug: 'dj', name: 'DJ', price: 0, draw: badge('DJ', '#8a5cff', '#fff', 'circle') },
  { slug: 'star', name: 'Gold Star', price: 0, draw: shape(STAR, '#f5c04a') },
  { slug: 'heart', name: 'Heart', price: 0, draw: shape(HEART, '#ff2f76') },
  { slug: 'bolt', name: 'Lightning', price: 0, draw: shape(BOLT, '#ffd23f') },
  { slug: 'note', name: 'Music Note', price: 0, draw: shape(NOTE, '#00c2d1') },
  { slug: 'cloud', name: 'Cloud Nine', price: 0, draw: shape(CLOUD, '#dfe8ff') },
  { slug: 'moon', name: 'Night Owl', price: 0, draw: shape(MOON, '#f7e08a') },
  {
    slug: 'vinyl',
    name: 'Vinyl',
    price: 0,
    draw: () =>
      svg(
        `<circle cx="65" cy="65" r="56" fill="#111" ${OUTLINE}/><circle cx="65" cy="65" r="42" fill="none" stroke="#333" stroke-width="2"/><circle cx="65" cy="65" r="30" fill="none" stroke="#333" stroke-width="2"/><circle cx="65" cy="65" r="18" fill="#ff4f8b"/><circle cx="65" cy="65" r="4" fill="#111"/>`,
      ),
  },
  {
    slug: 'headphones',
    name: 'Headphones',
    price: 0,
    draw: () =>
      svg(
        `<path d="M22 84 V66 A43 43 0 0 1 108 66 V84" fill="none" stroke="#fff" stroke-width="20" stroke-linecap="round"/><path d="M22 84 V66 A43 43 0 0 1 108 66 V84" fill="none" stroke="#2b2d42" stroke-width="9" stroke-linecap="round"/><rect x="10" y="70" width="30" height="44" rx="12" fill="#ff4f8b" ${OUTLINE}/><rect x="90" y="70" width="30" height="44" rx="12" fill="#ff4f8b" ${OUTLINE}/>`,
      ),
  },
  {
    slug: 'flame',
    name: 'On Fire',
    price: 99,
    draw: shape(
      FLAME,
      '#ff6a3d',
      `<path d="M65 60 C76 76 84 86 80 100 C76 112 54 112 50 100 C48 88 58 80 65 60 Z" fill="#ffd23f"/>`,
    ),
  },
  {
    slug: 'crown',
    name: 'Crown',
    price: 99,
    draw: shape(
      CROWN,
      '#f5c04a',
      `<circle cx="40" cy="80" r="6" fill="#ff2f76"/><circle cx="65" cy="78" r="7" fill="#3ecf8e"/><circle cx="90" cy="80" r="6" fill="#00c2d1"/>`,
    ),
  },
  {
    slug: 'cassette',
    name: 'Mixtape',
    price: 99,
    draw: () =>
      svg(
        `<rect x="8" y="26" width="114" height="78" rx="10" fill="#f5c04a" ${OUTLINE}/><rect x="22" y="36" width="86" height="22" rx="4" fill="#fff8e1"/><text x="65" y="52" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="800" font-size="12" fill="#2b2d42">MIXTAPE</text><circle cx="44" cy="76" r="10" fill="#2b2d42"/><circle cx="86" cy="76" r="10" fill="#2b2d42"/><rect x="54" y="72" width="22" height="8" fill="#2b2d42"/>`,
      ),
  },
  {
    slug: 'equalizer',
    name: 'Equalizer',
    price: 99,
    draw: () =>
      svg(
        `<rect x="10" y="18" width="110" height="94" rx="14" fill="#16151d" ${OUTLINE}/>${[30, 60, 40, 75, 50, 28]
          .map(
            (h, i) =>
              `<rect x="${20 + i * 16}" y="${102 - h}" width="11" height="${h}" rx="3" fill="${i % 2 ? '#ff4f8b' : '#3ecf8e'}"/>`,
          )
          .join('')}`,
      ),
  },
  { slug: 'loud', name: 'Loud', price: 99, draw: badge('LOUD!', '#ffd23f', '#16151d') },
  { slug: 'encore', name: 'Encore', price: 99, draw: badge('ENCORE', '#00c2d1', '#16151d') },
  { slug: 'bass', name: 'Bass Face', price: 149, draw: badge('BASS', '#3a0ca3', '#f5c04a', 'circle') },
  {
    slug: 'speaker',
    name: 'Speaker',
    price: 149,
    draw: () =>
      svg(
        `<rect x="26" y="8" width="78" height="114" rx="12" fill="#2b2d42" ${OUTLINE}/><circle cx="65" cy="38" r="14" fill="#16151d" stroke="#8d99ae" stroke-width="3"/><circle cx="65" cy="84" r="24" fill="#16151d" stroke="#8d99ae" stroke-width="4"/><circle cx="65" cy="84" r="8" fill="#8d99ae"/>`,
      ),
  },
  {
    slug: 'rocket',
    name: 'Rocket',
    price: 149,
    draw: () =>
      svg(
        `<path d="M65 8 C90 30 94 62 86 92 L44 92 C36 62 40 30 65 8 Z" fill="#eef" ${OUTLINE}/><circle cx="65" cy="50" r="11" fill="#00c2d1" stroke="#2b2d42" stroke-width="3"/><path d="M44 72 L26 100 L46 96 Z M86 72 L104 100 L84 96 Z" fill="#ff4f8b" ${OUTLINE}/><path d="M52 96 L65 122 L78 96 Z" fill="#ff6a3d"/>`,
      ),
  },
  {
    slug: 'planet',
    name: 'Planet Groove',
    price: 149,
    draw: () =>
      svg(
        `<ellipse cx="65" cy="68" rx="60" ry="16" fill="none" stroke="#fff" stroke-width="14" transform="rotate(-18 65 68)"/><circle cx="65" cy="65" r="36" fill="#8a5cff" ${OUTLINE}/><ellipse cx="65" cy="68" rx="60" ry="16" fill="none" stroke="#f5c04a" stroke-width="6" transform="rotate(-18 65 68)" stroke-dasharray="120 70" stroke-dashoffset="-40"/>`,
      ),
  },
  {
    slug: 'smile',
    name: 'Good Vibes',
    price: 199,
    draw: () =>
      svg(
        `<circle cx="65" cy="65" r="56" fill="#ffd23f" ${OUTLINE}/><circle cx="46" cy="54" r="7" fill="#2b2d42"/><circle cx="84" cy="54" r="7" fill="#2b2d42"/><path d="M38 76 Q65 104 92 76" fill="none" stroke="#2b2d42" stroke-width="7" stroke-linecap="round"/>`,
      ),
  },
  {
    slug: 'cat',
    name: 'Record Cat',
    price: 199,
    draw: () =>
      svg(
        `<path d="M22 52 L28 12 L52 36 L78 36 L102 12 L108 52 C114 92 96 118 65 118 C34 118 16 92 22 52 Z" fill="#2b2d42" ${OUTLINE}/><circle cx="48" cy="68" r="9" fill="#f5c04a"/><circle cx="82" cy="68" r="9" fill="#f5c04a"/><path d="M60 86 L70 86 L65 92 Z" fill="#ff4f8b"/>`,
      ),
  },
  {
    slug: 'turntable',
    name: 'Turntable',
    price: 249,
    draw: () =>
      svg(
        `<rect x="8" y="20" width="114" height="90" rx="10" fill="#d9d9e3" ${OUTLINE}/><circle cx="56" cy="65" r="36" fill="#111"/><circle cx="56" cy="65" r="12" fill="#ff4f8b"/><path d="M108 30 L100 80 L84 88" fill="none" stroke="#555" stroke-width="5" stroke-linecap="round"/>`,
      ),
  },
  { slug: 'platter-gold', name: 'Platter Gold', price: 299, draw: badge('GOLD', '#f5c04a', '#16151d', 'circle') },
];

export function stickerSvg(slug: string): string | undefined {
  return STICKER_DESIGNS.find((design) => design.slug === slug)?.draw();
}

export const stickerPath = (slug: string) => `/sticker-art/${slug}.svg`;
export const stickerId = (slug: string) => `sticker-${slug}`;
