/**
 * Lobby pages as JSON built from cached pieces. A page of rooms is the same
 * for everyone; only each tile's friends and "current" flag are the caller's.
 * So each room is checked against the contract and serialised once, when the
 * page is cached, and a request only splices in the caller's part.
 */
import { buddy, room as roomSchema, type Buddy, type Room } from '@platter/contract';
import { z } from 'zod';
import { PreparedBody } from '../../api/prepared-body';

export interface PreparedPage {
  rooms: readonly Room[];
  /** Each room's JSON without its closing brace, ready for the caller's fields. */
  openTiles: readonly string[];
}

export interface CallerPart {
  /** The caller's buddies' JSON by room id (already checked against the contract). */
  friendsJson: ReadonlyMap<string, string>;
  current: string | null;
}

const buddies = z.array(buddy);

export function preparePage(rooms: readonly Room[]): PreparedPage {
  return {
    rooms,
    openTiles: rooms.map((room) => JSON.stringify(roomSchema.parse(room)).slice(0, -1)),
  };
}

/** Buddies by room as JSON, checked once when a member's whereabouts are cached. */
export function friendsJsonByRoom(byRoom: ReadonlyMap<string, Buddy[]>): Map<string, string> {
  return new Map([...byRoom].map(([roomId, list]) => [roomId, JSON.stringify(buddies.parse(list))]));
}

/** `{rooms: DirectoryRoom[]}` for one caller (null: a visitor with no session). */
export function pageBody(page: PreparedPage, caller: CallerPart | null): PreparedBody {
  const tiles = page.openTiles.map((open, i) => {
    const roomid = page.rooms[i]?.roomid ?? '';
    const friends = caller?.friendsJson.get(roomid) ?? '[]';
    return `${open},"friends":${friends},"current":${caller?.current === roomid}}`;
  });
  return new PreparedBody(`{"rooms":[${tiles.join(',')}]}`);
}
