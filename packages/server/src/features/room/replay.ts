/**
 * After the bus was away (Redis down or unreachable), the chat lines other instances stored
 * meanwhile may never have reached this one: each room this instance listens to reads its lines
 * stored since a little before the outage began and hands them to its listeners here, in
 * sequence order, as the `speak` events they were told as. A page that had a line already drops
 * it by its number (realtime/connection.ts), so reading a few too many costs nothing; a gap left
 * by another kind of event (a vote, a song) is seen by the page, which re-reads the room.
 */
import type { Services } from '../../api/context';
import { roomChannel } from '../../realtime/channels';
import { linesAfter } from './chat';

/**
 * How far before the outage was noticed the lines are read again: a black-holed link is noticed
 * a ping and a timeout after it stopped, and instances' clocks differ by a little (ntp).
 */
export const REPLAY_MARGIN_MS = 10_000;

export function replayChatAfterOutages(services: Services, onError: (error: unknown) => void): void {
  services.bus.onRecovered((downSince) => {
    void replay(services, downSince - REPLAY_MARGIN_MS).catch(onError);
  });
}

async function replay(services: Services, since: number): Promise<void> {
  for (const name of services.hub.channelNames('room:')) {
    const roomId = name.slice('room:'.length);
    for (const { seq, event } of await linesAfter(services.db, roomId, since)) {
      services.hub.deliverHere(roomChannel(roomId), { seq, events: [event] });
    }
  }
}
