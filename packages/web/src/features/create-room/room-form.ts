/**
 * The create-room form's rules (spec §5): a name is required, max DJs is 1 to
 * 5, the points threshold is a whole number sent only when it is not zero,
 * and privacy is sent only for an unlisted room. The messages are the
 * contract's, the same words the server would answer with.
 */
import {
  DJ_THRESHOLD_DEFAULT,
  MAX_DJS_DEFAULT,
  maxDjsInput,
  roomMessages,
  roomName,
  firstError,
  type CallInput,
} from '@platter/contract';
import { ApiCallError } from '../../api/client';

export type RoomPrivacy = 'public' | 'unlisted';

export interface RoomForm {
  name: string;
  privacy: RoomPrivacy;
  maxDjs: number;
  /** As typed; empty means the default, 0. */
  threshold: string;
}

export type RoomFormField = 'name' | 'maxDjs' | 'threshold';
export type RoomFormErrors = Partial<Record<RoomFormField, string>>;

export const emptyRoomForm: RoomForm = {
  name: '',
  privacy: 'public',
  maxDjs: MAX_DJS_DEFAULT,
  threshold: String(DJ_THRESHOLD_DEFAULT),
};

/** The request for a valid form, or what is wrong with it, field by field. */
export function checkRoomForm(
  form: RoomForm,
): { ok: true; input: CallInput<'room.create'> } | { ok: false; errors: RoomFormErrors } {
  const errors: RoomFormErrors = {};
  const nameError = firstError(roomName, form.name);
  if (nameError) errors.name = nameError;
  if (firstError(maxDjsInput, form.maxDjs)) errors.maxDjs = roomMessages.maxDjsRange;
  const thresholdText = form.threshold.trim() || String(DJ_THRESHOLD_DEFAULT);
  const threshold = Number(thresholdText);
  if (!/^\d+$/.test(thresholdText) || !Number.isSafeInteger(threshold))
    errors.threshold = roomMessages.thresholdInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      room_name: form.name.trim(),
      max_djs: form.maxDjs,
      ...(form.privacy === 'unlisted' ? { privacy: 'unlisted' as const } : {}),
      ...(threshold !== 0 ? { djthreshold: threshold } : {}),
    },
  };
}

const fieldMessages: Record<RoomFormField, readonly string[]> = {
  name: [roomMessages.nameRequired, roomMessages.nameTooLong, roomMessages.nameInvisible],
  maxDjs: [roomMessages.maxDjsRange],
  threshold: [roomMessages.thresholdInvalid],
};

/**
 * A failed room.create: the server's words under the field they are about, its
 * words on too many rooms as they are, else the spec's apology (§8).
 */
export function creationFailure(error: unknown): { field: RoomFormField; message: string } | { message: string } {
  if (error instanceof ApiCallError) {
    for (const [field, messages] of Object.entries(fieldMessages) as [RoomFormField, readonly string[]][]) {
      if (messages.includes(error.message)) return { field, message: error.message };
    }
    if (error.message === roomMessages.tooManyRooms) return { message: error.message };
  }
  return { message: roomMessages.createFailed };
}
