import { describe, expect, test } from 'vitest';
import { ALL_AVATAR_IDS, AVATAR_NAMES, CUSTOM_PART_MAX } from '@platter/contract';
import { figureOf, figureSvg, layerSvg, headLayer, bodyLayer, printLayer } from './compose';
import { CHARACTERS, characterById } from './roster';

const everySvg = (): [string, string][] => [
  ...CHARACTERS.flatMap((character): [string, string][] => [
    [`${character.id} fullfront`, figureSvg(figureOf(character), 'fullfront')],
    [`${character.id} headfront`, figureSvg(figureOf(character), 'headfront')],
  ]),
  ...Array.from({ length: CUSTOM_PART_MAX }, (_, i): [string, string][] => {
    const character = characterById(i + 1)!;
    return [
      [`head-${i + 1}`, layerSvg(headLayer(character))],
      [`body-${i + 1}`, layerSvg(bodyLayer(character))],
      [`screen-${i + 1}`, layerSvg(printLayer(i + 1))],
    ];
  }).flat(),
];

describe('the characters', () => {
  test('every avatar of the tier table has a character, and every character a name', () => {
    for (const id of ALL_AVATAR_IDS) expect(characterById(id), String(id)).toBeDefined();
    for (const character of CHARACTERS) expect(AVATAR_NAMES[character.id], String(character.id)).toBe(character.name);
    expect(new Set(CHARACTERS.map((character) => character.id)).size).toBe(CHARACTERS.length);
  });

  test('heads, bodies and prints 1–32 exist for the custom avatar maker', () => {
    for (let n = 1; n <= CUSTOM_PART_MAX; n++) {
      expect(characterById(n), String(n)).toBeDefined();
      expect(printLayer(n), String(n)).toContain('<');
    }
  });

  test('no two characters look the same', () => {
    const looks = CHARACTERS.map((character) => figureSvg(figureOf(character), 'fullfront'));
    expect(new Set(looks).size).toBe(looks.length);
  });

  test('the SVG is plain drawing: no scripts, links, events, text or outside references', () => {
    for (const [name, svg] of everySvg()) {
      expect(svg, name).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="[^"]+">/,
      );
      expect(svg, name).not.toMatch(
        /<script|<foreignObject|<a[\s>]|<image|<text|href=|\son\w+=|javascript:|url\((?!#)/i,
      );
      expect(svg, name).not.toMatch(/NaN|undefined/);
    }
  });
});
