import { expect, test } from 'vitest';
import {
  CROWD_MAX_ROWS,
  FIGURE_ASPECT,
  JITTER_OF_STEP,
  STEP_OF_WIDTH,
  crowdFigureHeight,
  crowdOrder,
  idFraction,
  layoutCrowd,
} from './crowd-layout';
import { layoutScene, layoutStage } from './scene-layout';

const people = (count: number, prefix = 'user') => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

test('one listener stands in the middle, full size', () => {
  const layout = layoutCrowd(['solo'], 800);
  expect(layout.spots).toHaveLength(1);
  expect(layout.hidden).toBe(0);
  const [spot] = layout.spots;
  expect(spot!.row).toBe(0);
  expect(Math.abs(spot!.x - 400)).toBeLessThan(layout.figureHeight * FIGURE_ASPECT * 0.5);
  expect(spot!.height).toBe(112);
});

test('one row is centred as it is: off the middle by no more than its jitter', () => {
  const layout = layoutCrowd(['solo'], 800);
  const step = layout.figureHeight * FIGURE_ASPECT * STEP_OF_WIDTH;
  expect(Math.abs(layout.spots[0]!.x - 400)).toBeLessThanOrEqual(step * JITTER_OF_STEP + 0.1);
});

test('figures shrink as the room fills, and on a phone', () => {
  const sizes = [1, 20, 50, 300].map((count) => crowdFigureHeight(count, 800));
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  expect(new Set(sizes).size).toBe(4);
  expect(crowdFigureHeight(5, 351)).toBeLessThan(crowdFigureHeight(5, 800));
});

test('everyone shown stays on the floor, and rows stand in front of each other', () => {
  for (const width of [351, 800, 1200]) {
    for (const count of [1, 7, 40, 150]) {
      const layout = layoutCrowd(people(count), width);
      const half = (layout.figureHeight * FIGURE_ASPECT) / 2;
      for (const spot of layout.spots) {
        expect(spot.x - half).toBeGreaterThanOrEqual(0);
        expect(spot.x + half).toBeLessThanOrEqual(width);
        expect(spot.y - spot.height).toBeGreaterThanOrEqual(-layout.figureHeight * 0.1);
        expect(spot.y).toBeLessThanOrEqual(layout.height);
      }
      // Drawing order: back rows first.
      const rows = layout.spots.map((spot) => spot.row);
      expect(rows).toEqual([...rows].sort((a, b) => a - b));
    }
  }
});

test('hundreds of listeners: a capped number is drawn and the rest counted', () => {
  const layout = layoutCrowd(people(900), 800);
  expect(layout.spots.length).toBeLessThan(900);
  expect(layout.spots.length + layout.hidden).toBe(900);
  expect(Math.max(...layout.spots.map((spot) => spot.row))).toBe(CROWD_MAX_ROWS - 1);
  // A phone's narrower floor holds fewer.
  expect(layoutCrowd(people(900), 351).spots.length).toBeLessThan(layout.spots.length);
});

test('a listener keeps their place when someone else arrives', () => {
  const before = layoutCrowd(people(5), 800).spots.find((spot) => spot.userid === 'user-2');
  const after = layoutCrowd(people(6), 800).spots.find((spot) => spot.userid === 'user-2');
  expect(after).toEqual(before);
});

test('no two listeners of a row stand on the same spot', () => {
  const layout = layoutCrowd(people(60), 800);
  const keys = layout.spots.map((spot) => `${Math.round(spot.x / 10)}:${spot.row}`);
  expect(new Set(keys).size).toBe(keys.length);
});

test('an id always gets the same fraction, in [0, 1)', () => {
  expect(idFraction('abc')).toBe(idFraction('abc'));
  expect(idFraction('abc', 1)).not.toBe(idFraction('abc', 2));
  for (const id of people(50)) {
    expect(idFraction(id)).toBeGreaterThanOrEqual(0);
    expect(idFraction(id)).toBeLessThan(1);
  }
});

test('the stage has max_djs spots, side by side and centred, the laptop in front of the DJ', () => {
  const stage = layoutStage(5, 800);
  expect(stage.spots.map((spot) => spot.index)).toEqual([0, 1, 2, 3, 4]);
  const xs = stage.spots.map((spot) => spot.x);
  expect(xs).toEqual([...xs].sort((a, b) => a - b));
  expect((xs[0]! + xs[4]!) / 2).toBeCloseTo(400, 0);
  expect(stage.laptopTop).toBeGreaterThan(stage.figureTop);
  expect(stage.laptopTop).toBeLessThan(stage.figureTop + stage.figureHeight);
  // On a phone five spots still fit across.
  const phone = layoutStage(5, 351);
  expect(phone.spots[0]!.x - phone.spots[0]!.width / 2).toBeGreaterThanOrEqual(0);
  expect(phone.spots[4]!.x + phone.spots[4]!.width / 2).toBeLessThanOrEqual(351);
  expect(layoutStage(1, 800).spots).toHaveLength(1);
});

test('the crowd stands below the stage, and the scene is as tall as both', () => {
  const scene = layoutScene(3, people(12), 800);
  expect(scene.crowdTop).toBeGreaterThanOrEqual(scene.stage.height);
  expect(scene.height).toBe(scene.crowdTop + scene.crowd.height);
});

test('the crowd queues the viewer first, then members as they came, then guests; DJs are not in it', () => {
  const people = [
    { userid: 'g1', name: null },
    { userid: 'ada', name: 'Ada' },
    { userid: 'dj', name: 'Deejay' },
    { userid: 'g2', name: null },
    { userid: 'bob', name: 'Bob' },
    { userid: 'me', name: 'Me' },
  ];
  expect(crowdOrder(people, ['dj'], 'me')).toEqual(['me', 'ada', 'bob', 'g1', 'g2']);
  expect(crowdOrder(people, [], undefined)).toEqual(['ada', 'dj', 'bob', 'me', 'g1', 'g2']);
});

test('the first in the queue stand in the front row, where they are seen whole', () => {
  const layout = layoutCrowd(people(40), 800);
  const front = Math.max(...layout.spots.map((spot) => spot.row));
  expect(front).toBeGreaterThan(0);
  expect(layout.spots.find((spot) => spot.userid === 'user-0')!.row).toBe(front);
  expect(layout.spots.find((spot) => spot.userid === 'user-39')!.row).toBeLessThan(front);
});
