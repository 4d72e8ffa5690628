import { expect, test } from 'vitest';
import { ApiCallError, call, errorText, NOT_UNDERSTOOD } from './client';

test('an alert shows the server text followed by a full stop (spec §8)', () => {
  expect(errorText(new ApiCallError('That DJ name is already taken', 'api', 'conflict'))).toBe(
    'That DJ name is already taken.',
  );
});

test('a message that already ends a sentence gets no second stop', () => {
  expect(errorText(new Error('Try another!'))).toBe('Try another!');
  expect(errorText(new Error('Please log in again.'))).toBe('Please log in again.');
  expect(errorText(new Error('Really?'))).toBe('Really?');
});

test('anything thrown becomes text', () => {
  expect(errorText('offline')).toBe('offline.');
});

test('a call goes with its contract method and hands back what the server answered, unchecked', async () => {
  const sent: [string, RequestInit | undefined][] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    sent.push([url, init]);
    // More than the contract's output says: the page no longer strips it (the server does).
    return new Response(JSON.stringify([true, { success: true, extra: 1 }]));
  }) as typeof fetch;
  try {
    // An input the server would refuse: the page sends it and lets the server say so.
    await expect(call('room.info', { roomid: '' })).resolves.toEqual({ success: true, extra: 1 });
    await call('presence.update', { status: 'away' });
  } finally {
    globalThis.fetch = realFetch;
  }
  expect(sent[0]![0]).toMatch(/^\/api\/room\.info\?roomid=&client=web&_=\d+/);
  expect(sent[0]![1]?.method).toBe('GET');
  expect(sent[1]![0]).toBe('/api/presence.update');
  expect(sent[1]![1]?.method).toBe('POST');
});

test('an answer that is not an envelope is not understood', async () => {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async () => new Response('{"ok":1}')) as unknown as typeof fetch;
  try {
    await expect(call('user.info', {})).rejects.toEqual(new ApiCallError(NOT_UNDERSTOOD, 'validation'));
  } finally {
    globalThis.fetch = realFetch;
  }
});
