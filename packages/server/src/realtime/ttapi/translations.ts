/**
 * Where a ttapi request or reply is shaped differently from our call, and only
 * there: every other api goes through as it is (same name, same fields), so
 * calls that keep turntable's names (pm.send, room.add_dj, room.boot_user, …)
 * work through the gateway without an entry here.
 */
import type { CallOutput, LiveEvent, PlayingSong } from '@platter/contract';

export interface Translation {
  /** Our call, where turntable named it otherwise (or where its fields say which of ours it is). */
  call?: string | ((fields: Record<string, unknown>) => string);
  /**
   * ttapi's request fields (less api, msgid, clientid, userid, userauth) → our call's input.
   * `request` is the whole request: ttapi sends some targets as `userid`, a field it fills
   * with the bot's own id when the bot names nobody.
   */
  input?(fields: Record<string, unknown>, request: Record<string, unknown>): Record<string, unknown>;
  /** Our call's body → the fields of ttapi's reply beside msgid and success. */
  output?(body: unknown): Record<string, unknown>;
}

type RoomInfo = CallOutput<'room.info'>;
type AvailableAvatars = CallOutput<'user.available_avatars'>;

/**
 * Turntable's user.available_avatars: `avatars`, each a tier's `avatarids` open from `min`
 * points (and `acl`, for staff's). ttapi's getAvatarIds reads that. A tier's Gold avatars are
 * listed with it when the bot may wear them. Platter's own fields stay beside.
 */
function turntableAvatars(body: unknown): Record<string, unknown> {
  const available = body as AvailableAvatars;
  return {
    ...available,
    avatars: available.tiers.map((tier) => ({
      min: tier.min_points,
      acl: tier.acl,
      avatarids: tier.pro_unlocked ? [...tier.avatarids, ...tier.pro.flatMap((pro) => pro.avatarids)] : tier.avatarids,
    })),
  };
}

/**
 * Turntable's room.info: what bots read is in `room.metadata` (djs, moderator_id, current_dj,
 * current_song with its `_id`, listeners, and the song's upvotes, downvotes and votelog) and
 * `users`. Times were seconds there; ours stay ms everywhere else.
 */
function turntableRoomInfo(body: unknown): Record<string, unknown> {
  const { room, users = [], djids = [], moderator_ids = [], current_song = null, current_dj = null } = body as RoomInfo;
  const { upvotes, downvotes, votelog } = (body as RoomInfo).votes ?? { upvotes: 0, downvotes: 0, votelog: [] };
  return {
    room: {
      ...room,
      metadata: {
        ...room.metadata,
        djs: djids,
        moderator_id: moderator_ids,
        current_dj,
        current_song: current_song && turntableSong(current_song),
        upvotes,
        downvotes,
        votelog,
      },
    },
    users,
    djids,
  };
}

export const translations: Record<string, Translation> = {
  // Bots read the room with room.info right after (ttapi does so itself): the reply is just success.
  'room.register': { output: () => ({}) },
  'room.info': { input: (fields) => ({ ...fields, extended: fields.extended ?? true }), output: turntableRoomInfo },
  // ttapi before 4 asked for a profile so (`getProfile`, whose person is `userid`: the bot's own
  // unless it names someone); ttapi 4 asks user.get_profile_info with `profileid`.
  'user.get_profile': { call: 'user.get_profile_info', input: (_fields, request) => ({ profileid: request.userid }) },
  'user.available_avatars': { output: turntableAvatars },
  // ttapi's modifyName is user.modify with a `name`: Platter keeps the name with the profile (the
  // same checks as the profile's editor, a change once a week). Laptop and preferences stay user.modify.
  'user.modify': {
    call: (fields) => ('name' in fields ? 'user.modify_profile' : 'user.modify'),
    input: (fields) => ('name' in fields ? { name: fields.name } : fields),
  },
};

/** A playing song as turntable described it (times in seconds; `_id` is what bots vote and snag by). */
export function turntableSong(song: PlayingSong): Record<string, unknown> {
  return {
    _id: song._id,
    starttime: song.starttime / 1000,
    djid: song.djid,
    djname: song.djname,
    source: 'upload',
    metadata: { ...song.metadata },
  };
}

/**
 * Events whose turntable shape differs from ours: ttapi reads a song change and the votes from
 * `room.metadata` (newsong → current_dj, current_song._id; update_votes → upvotes, downvotes,
 * listeners, votelog); `update_user` had the person's fields flat beside `userid` (name,
 * avatarid, laptop, points, …); `pmmed`'s `time` was in seconds. Every other event goes out as
 * it is.
 */
export function turntableEvent(event: LiveEvent): Record<string, unknown> {
  switch (event.command) {
    case 'newsong':
      return {
        command: 'newsong',
        roomid: event.roomid,
        room: {
          roomid: event.roomid,
          metadata: {
            current_dj: event.current_song.djid,
            current_song: turntableSong(event.current_song),
            upvotes: 0,
            downvotes: 0,
            votelog: [],
          },
        },
      };
    case 'nosong':
      return {
        command: 'nosong',
        roomid: event.roomid,
        room: { roomid: event.roomid, metadata: { current_dj: null, current_song: null } },
      };
    case 'update_votes': {
      const { upvotes, downvotes, listeners, votelog } = event;
      return {
        command: 'update_votes',
        roomid: event.roomid,
        room: { metadata: { upvotes, downvotes, listeners, votelog } },
      };
    }
    case 'update_user':
      return { ...event.user, command: 'update_user', roomid: event.roomid, userid: event.userid };
    case 'pmmed':
      return { ...event, time: event.time / 1000 };
    default:
      return event;
  }
}
