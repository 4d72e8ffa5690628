/**
 * A room's moderation (docs/room.md): the room's creator (its owner), the
 * moderators the owner appoints, and superusers (acl ≥ 1) keep order. Every
 * action is checked on the server, told to the room as an event and kept in
 * the room's moderation log. Names and fields are turntable's where it had
 * them (room.boot_user, room.add_moderator, target_userid).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import {
  BAN_MINUTES_MAX,
  MODERATION_REASON_MAX,
  MUTE_MINUTES_MAX,
  ROOM_DESCRIPTION_MAX,
  SLOW_MODE_SECONDS_MAX,
} from '../constants';
import { wholeNumberWith } from '../validation';
import { roomId } from './room';
import { djThresholdInput, maxDjsInput, roomName } from './room-fields';
import { roomRulesInput } from './room-rules-fields';

export const moderationMessages = {
  notModerator: 'Only moderators of this room can do that.',
  /** A moderator's buttons in the room's tools. */
  settingsButton: 'Room settings',
  logButton: 'Moderation',
  notOwner: "Only the room's owner can appoint or remove moderators.",
  targetMissing: 'Please say who.',
  targetUnknown: "We couldn't find that person.",
  notHere: "That person isn't in this room.",
  protected: "You can't do that to the room's owner, a moderator or staff.",
  yourself: "You can't do that to yourself.",
  alreadyModerator: 'That person is already a moderator here.',
  targetNotModerator: "That person isn't a moderator here.",
  guest: 'Guests cannot be moderators.',
  reasonTooLong: `Keep the reason under ${MODERATION_REASON_MAX} characters.`,
  banMinutes: `A ban lasts from 1 minute to ${BAN_MINUTES_MAX} minutes, or for good.`,
  muteMinutes: `A mute lasts from 1 to ${MUTE_MINUTES_MAX} minutes.`,
  notBanned: "That person isn't banned here.",
  notMuted: "That person isn't muted here.",
  chatMissing: 'That message is gone already.',
  slowMode: `Slow mode is 0 (off) to ${SLOW_MODE_SECONDS_MAX} seconds.`,
  descriptionTooLong: `Keep the description under ${ROOM_DESCRIPTION_MAX} characters.`,
  nothingToChange: 'Nothing to change.',
  /** Told to a booted member who tries to come straight back, and to a banned one. */
  booted: 'You were removed from this room by a moderator. You can come back in a few minutes.',
  /** Told to a booted member who tries to come back before the cool-down ends: how long is left. */
  bootedFor: (minutes: number) =>
    `You were removed from this room by a moderator. You can come back in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
  banned: 'A moderator has banned you from this room.',
  bannedUntil: (until: string) => `A moderator has banned you from this room until ${until}.`,
} as const;

const target = z
  .string({ message: moderationMessages.targetMissing })
  .trim()
  .min(1, moderationMessages.targetMissing)
  .max(64);
/** A room and the person a moderator acts on. */
const roomAndTarget = z.object({ roomid: roomId, target_userid: target });
const reason = z.string().trim().max(MODERATION_REASON_MAX, moderationMessages.reasonTooLong).default('');

/** What a moderator did, as the log keeps it. */
export const moderationActions = [
  'boot',
  'ban',
  'unban',
  'mute',
  'unmute',
  'remove_dj',
  'delete_chat',
  'add_moderator',
  'remove_moderator',
  'modify_room',
  'skip_song',
  'move_waitlist',
  'remove_from_waitlist',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

export const moderationEntry = z.object({
  time: z.number(),
  action: z.enum(moderationActions),
  modid: z.string(),
  mod_name: z.string(),
  target_userid: z.string().nullable(),
  target_name: z.string().nullable(),
  reason: z.string(),
  /** What else there is to say: the deleted message, the ban's length, the fields changed. */
  detail: z.string(),
});
export type ModerationEntry = z.infer<typeof moderationEntry>;

export const roomBan = z.object({
  userid: z.string(),
  name: z.string().nullable(),
  /** Epoch ms, or null for good. */
  until: z.number().nullable(),
  reason: z.string(),
  modid: z.string(),
  booted: z.boolean(),
});
export type RoomBan = z.infer<typeof roomBan>;

export const roomModerationCalls = callTable(
  defineCall({
    name: 'room.boot_user',
    method: 'POST',
    access: 'member',
    // Takes a listener out of the room; they are told the reason and may come back after BOOT_COOLDOWN_MS.
    input: roomAndTarget.extend({ reason }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.ban_user',
    method: 'POST',
    access: 'member',
    // Bans for `minutes`, or for good when it is left out; a banned member in the room is taken out.
    input: roomAndTarget.extend({
      minutes: wholeNumberWith(moderationMessages.banMinutes)
        .pipe(z.number().min(1, moderationMessages.banMinutes).max(BAN_MINUTES_MAX, moderationMessages.banMinutes))
        .optional(),
      reason,
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.unban_user',
    method: 'POST',
    access: 'member',
    input: roomAndTarget,
    output: z.object({}),
  }),
  defineCall({
    name: 'room.ban_list',
    method: 'GET',
    access: 'member',
    input: z.object({ roomid: roomId }),
    output: z.object({ bans: z.array(roomBan) }),
  }),
  defineCall({
    name: 'room.mute_user',
    method: 'POST',
    access: 'member',
    input: roomAndTarget.extend({
      minutes: wholeNumberWith(moderationMessages.muteMinutes).pipe(
        z.number().min(1, moderationMessages.muteMinutes).max(MUTE_MINUTES_MAX, moderationMessages.muteMinutes),
      ),
      reason,
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.unmute_user',
    method: 'POST',
    access: 'member',
    input: roomAndTarget,
    output: z.object({}),
  }),
  defineCall({
    name: 'room.delete_chat',
    method: 'POST',
    access: 'member',
    input: z.object({ roomid: roomId, chatid: z.string().trim().min(1, moderationMessages.chatMissing).max(64) }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.add_moderator',
    method: 'POST',
    access: 'member',
    input: roomAndTarget,
    output: z.object({}),
  }),
  defineCall({
    name: 'room.rem_moderator',
    method: 'POST',
    access: 'member',
    input: roomAndTarget,
    output: z.object({}),
  }),
  defineCall({
    name: 'room.modify',
    method: 'POST',
    access: 'member',
    // Edits the room; only what is sent changes.
    input: z.object({
      roomid: roomId,
      name: roomName.optional(),
      description: z.string().trim().max(ROOM_DESCRIPTION_MAX, moderationMessages.descriptionTooLong).optional(),
      max_djs: maxDjsInput.optional(),
      djthreshold: djThresholdInput.optional(),
      slow_mode: wholeNumberWith(moderationMessages.slowMode)
        .pipe(z.number().min(0, moderationMessages.slowMode).max(SLOW_MODE_SECONDS_MAX, moderationMessages.slowMode))
        .optional(),
      ...roomRulesInput,
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.moderation_log',
    method: 'GET',
    access: 'member',
    // Newest first; `before` (epoch ms) pages back.
    input: z.object({ roomid: roomId, before: z.coerce.number().int().min(0).optional() }),
    output: z.object({ entries: z.array(moderationEntry) }),
  }),
);

/** A moderator's menu on one person (the page's "Moderate …" dialog): its groups, buttons and what it says once done. */
export const moderatePersonMessages = {
  title: (name: string) => `Moderate ${name}`,
  cannotModerate: (name: string) => `You can't moderate ${name}: they are the owner, staff, or a moderator.`,
  messageGroup: 'This message',
  deleteMessage: 'Delete message',
  messageDeleted: 'The message was deleted.',
  stageGroup: 'Stage',
  takeOffStage: 'Take off the stage',
  offStage: (name: string) => `${name} is off the stage.`,
  waitlistGroup: 'Waitlist',
  takeOffWaitlist: 'Take off the waitlist',
  offWaitlist: (name: string) => `${name} is off the waitlist.`,
  muteGroup: 'Mute in chat',
  muted: (name: string, length: string) => `${name} is muted for ${length}.`,
  /** How long the person's mute has to run, in whole minutes (rounded up). */
  mutedFor: (minutes: number) => `Muted in chat for ${minutes <= 1 ? 'a minute' : `${minutes} minutes`} more.`,
  unmute: 'Unmute',
  unmuted: (name: string) => `${name} can chat again.`,
  reasonLabel: 'Reason (shown to them and the room)',
  removeGroup: 'Remove',
  boot: 'Boot from the room',
  booted: (name: string) => `${name} was removed from the room.`,
  banGroup: 'Ban',
  /** `length` is one of the lengths below in words, or null for good. */
  banned: (name: string, length: string | null) =>
    `${name} is banned ${length === null ? 'for good' : `for ${length}`}.`,
  moderatorGroup: 'Moderator',
  removeModerator: 'Remove as moderator',
  removedModerator: (name: string) => `${name} is no longer a moderator.`,
  makeModerator: 'Make moderator',
  madeModerator: (name: string) => `${name} is now a moderator.`,
  /** The lengths a mute or a ban is offered for. */
  fiveMinutes: '5 minutes',
  fifteenMinutes: '15 minutes',
  oneHour: '1 hour',
  oneDay: '1 day',
  oneWeek: '1 week',
  forGood: 'For good',
} as const;

/** What the log's verb is for each action ("Ada booted Bob"). */
const moderationLogVerbs: Record<ModerationAction, string> = {
  boot: 'booted',
  ban: 'banned',
  unban: 'lifted the ban on',
  mute: 'muted',
  unmute: 'unmuted',
  remove_dj: 'took off the stage',
  delete_chat: 'deleted a message by',
  add_moderator: 'made a moderator:',
  remove_moderator: 'removed as moderator:',
  modify_room: 'changed the room',
  skip_song: 'skipped a song by',
  move_waitlist: 'moved in the waitlist',
  remove_from_waitlist: 'took off the waitlist',
};

/** The moderation panel: the people a moderator may act on, the bans in force, and the log. */
export const moderationPanelMessages = {
  title: 'Moderation',
  peopleTitle: 'People here',
  nobodyToModerate: 'Nobody here you can moderate.',
  moderate: 'Moderate',
  /** The Moderate button's name to a screen reader: which person it acts on. */
  moderateWho: (name: string) => `Moderate ${name}`,
  bansTitle: 'Bans',
  loadingBans: 'Loading the bans…',
  nobodyBanned: 'Nobody is banned.',
  /** A ban in force: who (a guest has no name), booted or banned, until when (null: for good), and why. */
  ban: (name: string | null, booted: boolean, until: string | null, reason: string) =>
    `${name ?? 'A guest'} — ${booted ? 'booted' : 'banned'} ${until === null ? 'for good' : `until ${until}`}${
      reason ? ` (${reason})` : ''
    }`,
  lift: 'Lift',
  logLabel: 'Moderation log',
  logTitle: 'Log',
  loadingLog: 'Loading the log…',
  emptyLog: 'No moderator has done anything here yet.',
  /** One line of the log: who did what to whom, the detail (a deleted message is quoted) and the reason. */
  entry: (entry: Pick<ModerationEntry, 'action' | 'mod_name' | 'target_name' | 'detail' | 'reason'>) => {
    const target = entry.target_name ? ` ${entry.target_name}` : '';
    const detail = entry.detail ? (entry.action === 'delete_chat' ? `: “${entry.detail}”` : ` (${entry.detail})`) : '';
    const reason = entry.reason ? ` — ${entry.reason}` : '';
    return `${entry.mod_name} ${moderationLogVerbs[entry.action]}${target}${detail}${reason}`;
  },
} as const;

/** A moderator's settings for the room: its fields, slow mode's choices and the buttons. */
export const roomSettingsMessages = {
  title: 'Room settings',
  name: 'Name',
  description: 'Description',
  djSpots: 'DJ spots',
  pointsToDj: 'Points to DJ',
  slowMode: 'Slow mode',
  slowOff: 'Off',
  /** Slow mode's gap in words. */
  slowEverySeconds: (seconds: number) => `One message every ${seconds} seconds`,
  slowEveryMinute: 'One message a minute',
  slowEveryMinutes: (minutes: number) => `One message every ${minutes} minutes`,
  cancel: 'Cancel',
  save: 'Save',
} as const;
