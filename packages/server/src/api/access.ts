import type { Caller } from './context';
import { errors } from './errors';

/** Spec §6: acl 1 or more is staff (superuser or supporter), who edit the lobby's headbands and news. */
export const STAFF_ACL = 1;

export function requireStaff(caller: Caller): void {
  if (caller.acl < STAFF_ACL) throw errors.forbidden('Sorry, only staff can do that.');
}
