import { apiMessages } from '@platter/contract';
import type { Caller, Services } from './context';
import { errors } from './errors';

/** Spec §6: acl 1 or more is staff (superuser or supporter), who edit the lobby's headbands and news. */
export const STAFF_ACL = 1;

/**
 * Refuses callers below staff. The access level is read afresh, not from the
 * briefly cached session, so that taking staff rights away takes effect at once.
 */
export async function requireStaff({ db }: Services, caller: Caller): Promise<void> {
  const user = await db.selectFrom('users').select('acl').where('id', '=', caller.userid).executeTakeFirst();
  if ((user?.acl ?? 0) < STAFF_ACL) throw errors.forbidden(apiMessages.staffOnly);
}
