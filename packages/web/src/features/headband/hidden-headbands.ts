/**
 * Which headbands the person closed (spec §4: hidden for 21 days per id),
 * kept as `setting_headband_<id>` cookies.
 */
import { HEADBAND_HIDDEN_DAYS } from '@platter/contract';
import { getSetting, setSetting } from '../../lib/cookies';

/** The setting's name for a headband id; a cookie name allows only some characters. */
export function headbandSettingName(id: string): string {
  return `headband_${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function isHeadbandHidden(id: string): boolean {
  return getSetting(headbandSettingName(id)) === '1';
}

export function hideHeadband(id: string): void {
  setSetting(headbandSettingName(id), '1', HEADBAND_HIDDEN_DAYS);
}
