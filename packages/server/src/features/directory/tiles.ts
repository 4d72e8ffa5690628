/**
 * Lobby pages as JSON built from cached pieces. A page of rooms is the same
 * for everyone; only each tile's friends and "current" flag are the caller's.
 * So each room is checked against the contract and serialised once, into the
 * page's shared body, which is what a visitor, or a member with nobody on the
 * page, is sent. For anyone else only their tiles' last fields are replaced:
 * the rest of the shared text is reused as it is.
 */
import { buddy, room as roomSchema, type Buddy, type Room } from '@platter/contract';
import { z } from 'zod';
import { asciiJson, PreparedBody } from '../../api/prepared-body';

export interface PreparedPage {
  rooms: readonly Room[];
  /** `[true,{"rooms":[…]}]` with every tile's friends empty and "current" false. */
  shared: PreparedBody;
  /** Where each tile's caller fields (CALLER_FIELDS) start in the shared text. */
  callerFieldsAt: readonly number[];
}

export interface CallerPart {
  /** The caller's buddies' JSON by room id (already checked against the contract). */
  friendsJson: ReadonlyMap<string, string>;
  current: string | null;
  /**
   * The caller's own version of each page asked for while both are cached: a member
   * polling the lobby is sent the same bytes again instead of a new splice each time.
   */
  bodies: WeakMap<PreparedPage, PreparedBody>;
}

const CALLER_FIELDS = ',"friends":[],"current":false}';
const HEAD = '[true,{"rooms":[';
const buddies = z.array(buddy);

export function preparePage(rooms: readonly Room[]): PreparedPage {
  let text = HEAD;
  const callerFieldsAt = rooms.map((room, i) => {
    // The room's JSON without its closing brace, which CALLER_FIELDS puts back.
    text += (i > 0 ? ',' : '') + asciiJson(roomSchema.parse(room)).slice(0, -1);
    const at = text.length;
    text += CALLER_FIELDS;
    return at;
  });
  return { rooms, shared: new PreparedBody(`${text}]}]`), callerFieldsAt };
}

/** Buddies by room as JSON, checked once when a member's whereabouts are cached. */
export function friendsJsonByRoom(byRoom: ReadonlyMap<string, Buddy[]>): Map<string, string> {
  return new Map([...byRoom].map(([roomId, list]) => [roomId, asciiJson(buddies.parse(list))]));
}

/** The page for one caller (null: a visitor with no session). */
export function pageBody(page: PreparedPage, caller: CallerPart | null): PreparedBody {
  if (!caller) return page.shared;
  let body = caller.bodies.get(page);
  if (!body) {
    body = spliceCallerFields(page, caller);
    caller.bodies.set(page, body);
  }
  return body;
}

/** The shared page with this caller's friends and room put into their tiles. */
function spliceCallerFields(page: PreparedPage, caller: CallerPart): PreparedBody {
  const text = page.shared.envelope;
  let body = '';
  let copied = 0;
  page.rooms.forEach(({ roomid }, i) => {
    const friends = caller.friendsJson.get(roomid);
    const current = caller.current === roomid;
    if (friends === undefined && !current) return;
    const at = page.callerFieldsAt[i] ?? 0;
    body += `${text.slice(copied, at)},"friends":${friends ?? '[]'},"current":${current}}`;
    copied = at + CALLER_FIELDS.length;
  });
  return copied === 0 ? page.shared : new PreparedBody(body + text.slice(copied));
}
