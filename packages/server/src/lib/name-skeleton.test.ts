import { expect, test } from 'vitest';
import { nameSkeleton } from './name-skeleton';

test('look-alikes from other scripts share a skeleton with the Latin name', () => {
  expect(nameSkeleton('Bоb')).toBe(nameSkeleton('Bob')); // Cyrillic о
  expect(nameSkeleton('DJ Αda')).toBe(nameSkeleton('DJ Ada')); // Greek Α
  expect(nameSkeleton('Сооl Cat')).toBe(nameSkeleton('Cool Cat')); // Cyrillic С, о, о
});

test('digits and letters that pass for each other, and case, do not tell names apart', () => {
  expect(nameSkeleton('B0B')).toBe(nameSkeleton('bob'));
  expect(nameSkeleton('Bi11')).toBe(nameSkeleton('Bill'));
  expect(nameSkeleton('BiII')).toBe(nameSkeleton('Bill'));
  expect(nameSkeleton('ﬁre')).toBe(nameSkeleton('fire'));
});

test('different names keep different skeletons, in any script', () => {
  expect(nameSkeleton('Bob')).not.toBe(nameSkeleton('Rob'));
  expect(nameSkeleton('Ночной')).not.toBe(nameSkeleton('Ночная'));
  expect(nameSkeleton('José')).not.toBe(nameSkeleton('Jose'));
});
