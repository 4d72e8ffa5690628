/**
 * The room's rules as room.modify checks them. The room's settings form checks its fields with
 * these too: they live apart from the rules' calls and messages, so that the room's page does
 * not bring zod for them before a moderator opens the form (docs/web-weight.md).
 */
import { z } from 'zod';
import { AFK_MINUTES_MAX, DJ_SONG_LIMIT_MAX, MAX_SONG_MINUTES_MAX, NO_REPEAT_HOURS_MAX } from '../constants';
import { booleanish, wholeNumberWith } from '../validation';
import { roomRulesMessages } from './room-rules';

const minutes = (max: number, message: string) =>
  wholeNumberWith(message).pipe(z.number().min(0, message).max(max, message));

/** The rules `room.modify` takes (each optional there: only what is sent changes). */
export const roomRulesInput = {
  stage_locked: booleanish.optional(),
  waitlist_locked: booleanish.optional(),
  afk_minutes: minutes(AFK_MINUTES_MAX, roomRulesMessages.afkMinutes).optional(),
  max_song_minutes: minutes(MAX_SONG_MINUTES_MAX, roomRulesMessages.maxSongMinutes).optional(),
  no_repeat_hours: minutes(NO_REPEAT_HOURS_MAX, roomRulesMessages.noRepeatHours).optional(),
  dj_song_limit: minutes(DJ_SONG_LIMIT_MAX, roomRulesMessages.djSongLimit).optional(),
};
