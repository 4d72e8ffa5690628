/**
 * Reports (docs/profiles.md): a member tells staff about someone, with a reason. The chat a report
 * carries is the room's own record of it, read here, so a reporter cannot put words in anyone's
 * mouth; what their client sends as a chat log is not kept. A member makes at most
 * REPORTS_PER_DAY reports in a rolling day, counted from the stored reports (every instance
 * agrees) under a lock on the reporter, so a burst of them in parallel is counted one by one.
 */
import { profileMessages, REPORTS_PER_DAY, type ChatLine } from '@platter/contract';
import type { Services } from '../../api/context';
import { ApiError } from '../../api/errors';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { chatForReport } from '../room';

const DAY_MS = 86_400_000;

export interface Report {
  reporterId: string;
  reportedId: string;
  /** The room it happened in, if any: its chat goes with the report. */
  roomId: string | null;
  reason: string;
}

export async function fileReport(services: Services, report: Report): Promise<void> {
  const { db, now } = services;
  await db.transaction().execute(async (trx) => {
    const time = now();
    await lockReporter(trx, report.reporterId);
    if ((await reportsSince(trx, report.reporterId, time - DAY_MS)) >= REPORTS_PER_DAY) {
      throw new ApiError(profileMessages.reportLimit, 'rate_limited');
    }
    const chatlog = report.roomId ? await chatForReport(trx, report.roomId, report.reportedId) : [];
    await trx
      .insertInto('reports')
      .values({
        id: newId(),
        reporterId: report.reporterId,
        reportedId: report.reportedId,
        roomId: report.roomId,
        reason: report.reason,
        chatlog: JSON.stringify(chatlog satisfies ChatLine[]),
        chatlogSource: 'room',
        createdAt: time,
      })
      .execute();
  });
}

/** Takes the reporter's row for the transaction (a write that changes nothing), so their reports are counted one at a time. */
async function lockReporter(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ acl: eb.ref('acl') }))
    .where('id', '=', userId)
    .execute();
}

async function reportsSince(trx: Db, reporterId: string, since: number): Promise<number> {
  const row = await trx
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('reporterId', '=', reporterId)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
