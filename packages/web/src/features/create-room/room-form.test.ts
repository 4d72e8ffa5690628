import { roomMessages } from '@platter/contract';
import { expect, test } from 'vitest';
import { ApiCallError } from '../../api/client';
import { checkRoomForm, creationFailure, emptyRoomForm } from './room-form';

test('a name is required (spec §5)', () => {
  expect(checkRoomForm({ ...emptyRoomForm, name: '   ' })).toEqual({
    ok: false,
    errors: { name: roomMessages.nameRequired },
  });
});

test('privacy is sent only for an unlisted room, the threshold only when it is not zero', () => {
  expect(checkRoomForm({ ...emptyRoomForm, name: ' Den ' })).toEqual({
    ok: true,
    input: { room_name: 'Den', max_djs: 5 },
  });
  expect(checkRoomForm({ name: 'Den', privacy: 'unlisted', maxDjs: 2, threshold: '100' })).toEqual({
    ok: true,
    input: { room_name: 'Den', max_djs: 2, privacy: 'unlisted', djthreshold: 100 },
  });
  expect(checkRoomForm({ ...emptyRoomForm, name: 'Den', threshold: '' })).toMatchObject({ ok: true });
});

test('the threshold is a whole number, max DJs 1 to 5', () => {
  for (const threshold of ['-1', '1.5', 'ten']) {
    expect(checkRoomForm({ ...emptyRoomForm, name: 'Den', threshold })).toEqual({
      ok: false,
      errors: { threshold: roomMessages.thresholdInvalid },
    });
  }
  expect(checkRoomForm({ ...emptyRoomForm, name: 'Den', maxDjs: 6 })).toEqual({
    ok: false,
    errors: { maxDjs: roomMessages.maxDjsRange },
  });
});

test("a failure shows the server's word for a field, else the spec's apology (§8)", () => {
  expect(creationFailure(new ApiCallError(roomMessages.nameTooLong, 'api', 'invalid'))).toEqual({
    field: 'name',
    message: roomMessages.nameTooLong,
  });
  expect(creationFailure(new ApiCallError('Sorry, something went wrong on our side.', 'api', 'internal'))).toEqual({
    message: 'Sorry, an error occurred, please try again!',
  });
  expect(creationFailure(new TypeError('offline'))).toEqual({ message: roomMessages.createFailed });
});

test('too many rooms lately: the server says so as it is', () => {
  expect(creationFailure(new ApiCallError(roomMessages.tooManyRooms, 'api', 'rate_limited'))).toEqual({
    message: roomMessages.tooManyRooms,
  });
});

test('a name that would turn or hide its text is refused on its field, before it is sent', () => {
  expect(checkRoomForm({ ...emptyRoomForm, name: '\u202Eevil' })).toEqual({
    ok: false,
    errors: { name: roomMessages.nameInvisible },
  });
});
