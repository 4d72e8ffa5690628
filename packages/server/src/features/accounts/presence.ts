import { PRESENCE_TIMEOUT_MS, type PresenceStatus } from '@platter/contract';
import type { UserRow } from '../../db/schema';

/** A user is what they last reported (available or away) while seen recently, else unavailable. */
export function presenceOf(user: Pick<UserRow, 'presenceStatus' | 'lastSeenAt'>, now: number): PresenceStatus {
  if (user.lastSeenAt === null || now - user.lastSeenAt > PRESENCE_TIMEOUT_MS) return 'unavailable';
  return user.presenceStatus === 'away' ? 'away' : 'available';
}
