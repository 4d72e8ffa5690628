/**
 * Where each listener stands in front of the stage: pure arithmetic, shared by
 * both renderers (and by the hit targets over them). The crowd fills staggered
 * rows from the front row back, each row from the middle out, so a small crowd
 * stands together in the middle and a big one spreads to the edges and towards
 * the stage; figures shrink as the room fills and overlap like people do. Past
 * what fits, the rest are counted ("+N more") rather than squeezed. A person
 * keeps their place while others come and go behind them, as long as the number
 * of rows and the figure size stay the same.
 */

/** The avatar art is 3 wide for 4 high (docs/avatars.md: fullfront, 240 × 320). */
export const FIGURE_ASPECT = 3 / 4;

/** How many rows deep the crowd may stand before the rest are counted instead. */
export const CROWD_MAX_ROWS = 8;

/** Figure heights by how full the room is: fewer people, bigger figures. */
const SIZE_TIERS: readonly { upTo: number; height: number }[] = [
  { upTo: 10, height: 112 },
  { upTo: 30, height: 92 },
  { upTo: 80, height: 74 },
  { upTo: Infinity, height: 60 },
];

/** Neighbours overlap a little: the art has transparent margins around the figure. */
export const STEP_OF_WIDTH = 0.7;
/** How far a figure stands off its seat, at most, as a share of a step (or of a row's depth) either way. */
export const JITTER_OF_STEP = 0.15;
/** A row stands this much of a figure's height in front of the one behind it. */
const ROW_OF_HEIGHT = 0.4;
/** Below this width (a phone) figures shrink with the floor, down to this share. */
const FULL_SIZE_WIDTH = 640;
const MIN_SCALE = 0.62;
const SIDE_MARGIN = 12;

export interface CrowdSpot {
  userid: string;
  /** The centre of the figure's feet, in scene pixels from the crowd area's top left. */
  x: number;
  y: number;
  /** The figure's box: `height` high, `height × FIGURE_ASPECT` wide, standing on (x, y). */
  height: number;
  /** 0 is the row nearest the stage; higher rows stand in front (and are drawn over it). The first in the queue stand in the last row. */
  row: number;
  /** Where in its idle bob the figure is, 0 ≤ phase < 1, so the crowd does not move in step. */
  phase: number;
}

export interface CrowdLayout {
  /** The figures shown, back rows first: the order to draw them in. */
  spots: CrowdSpot[];
  /** Listeners who did not fit (counted as "+N more"). */
  hidden: number;
  /** The crowd area's height in pixels (at least one row, so an empty floor still shows). */
  height: number;
  /** The figure height used for this crowd. */
  figureHeight: number;
}

/** A number in [0, 1) from an id: the same id always gets the same one. */
export function idFraction(id: string, salt = 0): number {
  let hash = 2166136261 ^ salt;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return ((hash >>> 0) % 10007) / 10007;
}

/**
 * Who stands where in the queue for the floor: the viewer first (you always see
 * yourself), then members in the order they came, then guests. When the floor is
 * full it is guests who are counted instead of drawn, never the people one can
 * click on before them.
 */
export function crowdOrder(
  people: readonly { userid: string; name: string | null }[],
  djids: readonly string[],
  me: string | undefined,
): string[] {
  const onStage = new Set(djids);
  const listeners = people.filter((person) => !onStage.has(person.userid));
  const rank = (person: { userid: string; name: string | null }) =>
    person.userid === me ? 0 : person.name !== null ? 1 : 2;
  // A stable sort keeps each group in the order its people came.
  return [...listeners].sort((a, b) => rank(a) - rank(b)).map((person) => person.userid);
}

export function crowdFigureHeight(count: number, width: number): number {
  const tier = SIZE_TIERS.find((t) => count <= t.upTo) ?? SIZE_TIERS[SIZE_TIERS.length - 1]!;
  const scale = Math.min(1, Math.max(MIN_SCALE, width / FULL_SIZE_WIDTH));
  return Math.round(tier.height * scale);
}

/** The seats of one row, in the order they are filled: the middle first, then outwards. */
function rowSeats(columns: number): number[] {
  const middle = (columns - 1) / 2;
  return Array.from({ length: columns }, (_, i) => i).sort(
    (a, b) => Math.abs(a - middle) - Math.abs(b - middle) || a - b,
  );
}

export function layoutCrowd(userids: readonly string[], width: number): CrowdLayout {
  const figureHeight = crowdFigureHeight(userids.length, width);
  const figureWidth = figureHeight * FIGURE_ASPECT;
  const step = figureWidth * STEP_OF_WIDTH;
  const rowGap = figureHeight * ROW_OF_HEIGHT;
  const usable = Math.max(figureWidth, width - 2 * SIDE_MARGIN - figureWidth - step / 2);
  // An odd number of seats a row, so the first listener stands right in the middle.
  const fit = Math.max(1, Math.floor(usable / step) + 1);
  const columns = fit % 2 === 1 ? fit : fit - 1;
  const capacity = columns * CROWD_MAX_ROWS;
  const shown = userids.slice(0, capacity);
  const rows = Math.max(1, Math.ceil(shown.length / columns));
  const seats = rowSeats(columns);
  const rowWidth = (columns - 1) * step;
  // Rows behind the front one stand half a step aside: a quarter step back centres them all. One
  // row alone is centred as it is, its first listener right in the middle.
  const centring = rows > 1 ? step / 4 : 0;

  const spots = shown.map((userid, index) => {
    // The queue fills the front row first (nearest the viewer, where people are seen whole
    // and easiest to pick), then the rows behind it.
    const row = rows - 1 - Math.floor(index / columns);
    const seat = seats[index % columns] ?? 0;
    // Every other row stands between the people of the row in front, so faces show through the gaps.
    const stagger = (rows - 1 - row) % 2 === 1 ? step / 2 : 0;
    const jitterX = (idFraction(userid, 1) - 0.5) * step * (2 * JITTER_OF_STEP);
    const jitterY = (idFraction(userid, 2) - 0.5) * rowGap * (2 * JITTER_OF_STEP);
    const x = width / 2 - rowWidth / 2 - centring + seat * step + stagger + jitterX;
    const y = figureHeight + row * rowGap + jitterY;
    return { userid, x: round(x), y: round(y), height: figureHeight, row, phase: idFraction(userid, 3) };
  });
  // Back rows first, so the front rows are drawn over them.
  spots.sort((a, b) => a.row - b.row || a.y - b.y);
  const height = Math.ceil(figureHeight + (rows - 1) * rowGap + rowGap * (2 * JITTER_OF_STEP) + 8);
  return { spots, hidden: userids.length - shown.length, height, figureHeight };
}

const round = (n: number) => Math.round(n * 10) / 10;
