/**
 * Where a ttapi request or reply is shaped differently from our call, and only
 * there: every other api goes through as it is (same name, same fields), so
 * calls that keep turntable's names (pm.send, room.add_dj, room.boot_user, …)
 * work through the gateway without an entry here.
 */
import type { CallOutput } from '@platter/contract';

export interface Translation {
  /** ttapi's request fields (less api, msgid, clientid, userid, userauth) → our call's input. */
  input?(request: Record<string, unknown>): Record<string, unknown>;
  /** Our call's body → the fields of ttapi's reply beside msgid and success. */
  output?(body: unknown): Record<string, unknown>;
}

type RoomInfo = CallOutput<'room.info'>;

/**
 * Turntable's room.info: what bots read is in `room.metadata` (djs, moderator_id, current_dj,
 * current_song with its `_id`, listeners) and `users`. Times were seconds there; ours stay ms.
 */
function turntableRoomInfo(body: unknown): Record<string, unknown> {
  const { room, users = [], djids = [], moderator_ids = [] } = body as RoomInfo;
  const song = room.metadata.current_song;
  return {
    room: {
      ...room,
      metadata: {
        ...room.metadata,
        djs: djids,
        moderator_id: moderator_ids,
        // The one who is playing: with music; until then nobody.
        current_dj: null,
        current_song: song && {
          _id: null,
          starttime: song.played / 1000,
          metadata: { artist: song.artist, song: song.song, coverart: song.coverart },
        },
      },
    },
    users,
    djids,
  };
}

export const translations: Record<string, Translation> = {
  // Bots read the room with room.info right after (ttapi does so itself): the reply is just success.
  'room.register': { output: () => ({}) },
  'room.info': { input: (request) => ({ ...request, extended: request.extended ?? true }), output: turntableRoomInfo },
};
