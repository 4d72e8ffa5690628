import { expect, test } from 'vitest';
import { ApiCallError } from '../api/client';
import { CHAT_SEND_ATTEMPTS, sayOnce, type ChatLine } from './chat-send';

/** A socket whose answers are scripted: each call takes the next outcome. */
function scripted(outcomes: Array<'ok' | 'lineDown' | 'unavailable' | 'refused'>, connects = true) {
  const sent: unknown[] = [];
  const socket: ChatLine = {
    request: (async (_name: string, input: unknown) => {
      sent.push(input);
      const outcome = outcomes.shift();
      if (outcome === 'ok') return {};
      if (outcome === 'lineDown') throw new ApiCallError('line down', 'request');
      if (outcome === 'unavailable') throw new ApiCallError('in a moment', 'api', 'unavailable');
      throw new ApiCallError('muted', 'api', 'forbidden');
    }) as ChatLine['request'],
    whenConnected: async () => connects,
  };
  return { socket, sent };
}
const noWait = async () => {};

test('a line retried after a dropped line or a moment of unavailability keeps its id', async () => {
  const { socket, sent } = scripted(['lineDown', 'unavailable', 'ok']);
  await sayOnce(socket, 'r1', 'hello', undefined, noWait);
  expect(sent).toHaveLength(3);
  const ids = new Set(sent.map((input) => (input as { clientid: string }).clientid));
  expect(ids.size).toBe(1);
  expect([...ids][0]).toMatch(/^[0-9a-f]{32}$/);
});

test('a refusal is not retried, and retries stop when the line does not come back or after the last attempt', async () => {
  const refused = scripted(['refused', 'ok']);
  await expect(sayOnce(refused.socket, 'r1', 'hi', undefined, noWait)).rejects.toThrow('muted');
  expect(refused.sent).toHaveLength(1);

  const gone = scripted(['lineDown', 'ok'], false);
  await expect(sayOnce(gone.socket, 'r1', 'hi', undefined, noWait)).rejects.toThrow('line down');
  expect(gone.sent).toHaveLength(1);

  const busy = scripted(Array.from({ length: CHAT_SEND_ATTEMPTS + 1 }, () => 'unavailable' as const));
  await expect(sayOnce(busy.socket, 'r1', 'hi', undefined, noWait)).rejects.toThrow('in a moment');
  expect(busy.sent).toHaveLength(CHAT_SEND_ATTEMPTS);
});
