import { expect, test } from 'vitest';
import { headbandSettingName } from './hidden-headbands';

test('each headband has its own setting, named after its id', () => {
  expect(headbandSettingName('65a1f00d')).toBe('headband_65a1f00d');
  expect(headbandSettingName('maintenance-2026_11')).toBe('headband_maintenance-2026_11');
});

test('characters a cookie name cannot hold are replaced', () => {
  expect(headbandSettingName('a b;c=d,e')).toBe('headband_a_b_c_d_e');
});
