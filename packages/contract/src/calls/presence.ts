/** `presence.*`: whether a user is around (spec §3 User.status, §4 Presence). */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';

export const presenceStatuses = ['available', 'away', 'unavailable'] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];

export const presenceCalls = callTable(
  defineCall({
    name: 'presence.get',
    method: 'GET',
    access: 'anyone',
    input: z.object({ uid: z.string().min(1, 'Please say whose presence to get').max(64) }),
    output: z.object({
      presence: z.object({ userid: z.string(), status: z.enum(presenceStatuses) }),
    }),
  }),
  defineCall({
    name: 'presence.update',
    method: 'POST',
    access: 'session',
    // The client reports whether its person is active or idle (spec §4 Presence).
    input: z.object({ status: z.enum(['available', 'away']) }),
    output: z.object({}),
  }),
);
