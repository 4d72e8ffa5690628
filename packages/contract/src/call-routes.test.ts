import { expect, test } from 'vitest';
import { calls, type CallName } from './api';
import { callMethod, getCallNames, socketOnlyCallNames } from './call-routes';
import { ROOM_EVENT_COMMANDS, roomEvent } from './realtime';

const names = Object.keys(calls) as CallName[];

test('every call travels with the method its definition names', () => {
  for (const name of names) expect(callMethod(name), name).toBe(calls[name].method);
  for (const name of getCallNames) expect(names, name).toContain(name);
});

test('exactly the socket-only calls are marked socket-only', () => {
  const socketOnly = names.filter((name) => (calls[name] as { transport?: string }).transport === 'socket');
  expect([...socketOnlyCallNames].sort()).toEqual(socketOnly.sort());
});

test('the room event commands the page knows are exactly the room events', () => {
  expect([...ROOM_EVENT_COMMANDS].sort()).toEqual(roomEvent.options.map((option) => option.shape.command.value).sort());
});
