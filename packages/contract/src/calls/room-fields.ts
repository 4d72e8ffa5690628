/**
 * The fields of a room's settings as room.create and room.modify check them. The page's forms
 * check their fields with these too, for instant feedback: they live apart from the call
 * table and the messages, so that only the forms that use them bring zod (docs/web-weight.md).
 */
import { z } from 'zod';
import { MAX_DJS_MAX, MAX_DJS_MIN, ROOM_NAME_MAX } from '../constants';
import { wholeNumberWith } from '../validation';
import { INVISIBLE_CHARACTERS, roomMessages } from './room-words';

/** A room's name, as made (room.create) and as changed (room.modify). */
export const roomName = z
  .string({ message: roomMessages.nameRequired })
  .trim()
  .min(1, roomMessages.nameRequired)
  .max(ROOM_NAME_MAX, roomMessages.nameTooLong)
  .refine((name) => !INVISIBLE_CHARACTERS.test(name), roomMessages.nameInvisible);

/** Max DJs, a whole number within the spec's bounds. */
export const maxDjsInput = wholeNumberWith(roomMessages.maxDjsRange).pipe(
  z.number().min(MAX_DJS_MIN, roomMessages.maxDjsRange).max(MAX_DJS_MAX, roomMessages.maxDjsRange),
);

/** Points to DJ: a whole number, 0 or more. */
export const djThresholdInput = wholeNumberWith(roomMessages.thresholdInvalid).pipe(
  z.number({ message: roomMessages.thresholdInvalid }).min(0, roomMessages.thresholdInvalid),
);
