/** Profiles, fans and reports (spec §2 Profile screens, §4 Fan state, §7). */
import { messages, NAME_CHANGE_INTERVAL_DAYS, profileMessages, type ChatLine, type Profile } from '@platter/contract';
import type { Caller, HandlerGroup, Services } from '../../api/context';
import { requireStaff } from '../../api/access';
import { errors, isUniqueViolation } from '../../api/errors';
import { newId } from '../../lib/ids';
import type { UserRow } from '../../db/schema';
import { ensureNameFree, fanCounts, findUser, updateUser } from '../accounts';
import { nameColumns } from '../../lib/name-skeleton';
import { announceFansChanged, userChanged } from '../rooms';
import { becomeFanOf, fanOfIds, fanPage, isFanOf, stopBeingFanOf } from '../fans';
import { profileView } from './profile-view';
import { fileReport } from './reports';

const DAY_MS = 86_400_000;
const NO_SUCH_PERSON = "Sorry, we couldn't find that person.";

export const profileHandlers = {
  'user.get_profile_info': async ({ profileid }, services) => {
    const user = await findMember(services, profileid);
    return presentProfile(services, user, services.caller);
  },

  'user.modify_profile': async (edit, services) => {
    const { db, now, caller } = services;
    const user = await findMember(services, caller.userid);
    const changes: Parameters<typeof updateUser>[2] = {};
    for (const field of ['twitter', 'facebook', 'soundcloud', 'website', 'about', 'topartists', 'hangout'] as const) {
      const value = edit[field];
      if (value !== undefined) changes[field] = value === null || value === '' ? null : value;
    }
    const renamed = edit.name !== undefined && edit.name !== user.name;
    if (renamed && edit.name) {
      const lastChange = user.nameChangedAt;
      if (lastChange !== null && now() - lastChange < NAME_CHANGE_INTERVAL_DAYS * DAY_MS) {
        const next = new Date(lastChange + NAME_CHANGE_INTERVAL_DAYS * DAY_MS).toISOString().slice(0, 10);
        throw errors.invalid(`${profileMessages.nameTooSoon} You can change it again on ${next}.`);
      }
      // A new spelling of one's own name is no new name: only another person's name is taken.
      await ensureNameFree(db, edit.name, user.id);
      Object.assign(changes, { ...nameColumns(edit.name), nameChangedAt: now() });
    }
    try {
      await updateUser(db, user.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict(messages.nameTaken);
      throw error;
    }
    if (renamed && user.name) {
      await db
        .insertInto('pastNames')
        .values({ id: newId(), userId: user.id, name: user.name, changedAt: now() })
        .execute();
      services.caches.clear('sessions');
      await userChanged(services, user.id);
    }
    return presentProfile(services, await findMember(services, user.id), caller);
  },

  'user.become_fan': async ({ djid }, services) => {
    const { caller } = services;
    if (djid === caller.userid) throw errors.invalid(profileMessages.fanYourself);
    const dj = await findUser(services.db, djid);
    if (!dj) throw errors.notFound(NO_SUCH_PERSON);
    if (!dj.name) throw errors.invalid(profileMessages.fanGuest);
    await becomeFanOf(services, caller.userid, dj.id);
    await announceFansChanged(services, caller.userid);
    return {};
  },

  'user.remove_fan': async ({ djid }, services) => {
    const dj = await findUser(services.db, djid);
    if (!dj) throw errors.notFound(NO_SUCH_PERSON);
    if (await stopBeingFanOf(services, services.caller.userid, dj.id)) {
      await announceFansChanged(services, services.caller.userid);
    }
    return {};
  },

  'user.get_fan_info': async ({ profileid, page_number }, services) => {
    const user = await findMember(services, profileid);
    return fanPage(services.db, user.id, 'fans', page_number);
  },

  'user.get_fan_of_info': async ({ profileid, page_number }, services) => {
    const user = await findMember(services, profileid);
    return fanPage(services.db, user.id, 'fanOf', page_number);
  },

  'user.get_fan_of': async (_input, { db, caller }) => ({ fanof: await fanOfIds(db, caller.userid) }),

  // The chat log a client sends is accepted (turntable's clients send one) and not kept: fileReport reads the room's own.
  'room.report_user': async ({ roomid, reported, reason }, services) => {
    const { db, caller } = services;
    if (reported === caller.userid) throw errors.invalid(profileMessages.reportYourself);
    const person = await findUser(db, reported);
    if (!person) throw errors.notFound(NO_SUCH_PERSON);
    const room = roomid
      ? await db.selectFrom('rooms').select('id').where('id', '=', roomid).executeTakeFirst()
      : undefined;
    await fileReport(services, { reporterId: caller.userid, reportedId: person.id, roomId: room?.id ?? null, reason });
    return {};
  },

  'room.get_reports': async (_input, services) => {
    await requireStaff(services, services.caller);
    const rows = await services.db
      .selectFrom('reports')
      .innerJoin('users as reporter', 'reporter.id', 'reports.reporterId')
      .innerJoin('users as reported', 'reported.id', 'reports.reportedId')
      .select([
        'reports.id',
        'reports.roomId',
        'reports.reason',
        'reports.chatlog',
        'reports.chatlogSource',
        'reports.createdAt',
        'reporter.id as reporterId',
        'reporter.name as reporterName',
        'reported.id as reportedId',
        'reported.name as reportedName',
      ])
      .orderBy('reports.createdAt', 'desc')
      .limit(200)
      .execute();
    return {
      reports: rows.map((row) => ({
        id: row.id,
        reporter: { userid: row.reporterId, name: row.reporterName ?? 'Guest' },
        reported: { userid: row.reportedId, name: row.reportedName ?? 'Guest' },
        roomid: row.roomId,
        reason: row.reason,
        chatlog: JSON.parse(row.chatlog) as ChatLine[],
        chatlog_source: row.chatlogSource,
        created: row.createdAt,
      })),
    };
  },
} satisfies HandlerGroup;

/** A registered member by id; guests have no profile (spec §5). */
async function findMember({ db }: Services, id: string): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw errors.notFound(NO_SUCH_PERSON);
  if (!user.name) throw errors.invalid(profileMessages.guestProfile);
  return user;
}

async function presentProfile(services: Services, user: UserRow, viewer: Caller | null): Promise<Profile> {
  const { db } = services;
  const pastNames = await db
    .selectFrom('pastNames')
    .select('name')
    .where('userId', '=', user.id)
    .orderBy('changedAt', 'desc')
    .execute();
  const other = viewer && viewer.userid !== user.id ? viewer.userid : null;
  const [counts, fanned, blocked] = await Promise.all([
    fanCounts(db, user.id),
    other ? isFanOf(db, other, user.id) : false,
    other
      ? db
          .selectFrom('blocks')
          .select('userId')
          .where('userId', '=', other)
          .where('blockedId', '=', user.id)
          .executeTakeFirst()
          .then((row) => row !== undefined)
      : false,
  ]);
  return profileView(user, { ...counts, pastNames: pastNames.map((p) => p.name), fanned, blocked });
}
