import { apiMessages } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import { findUser, presenceOf, updateUser } from '../accounts';

export const presenceHandlers = {
  'presence.get': async ({ uid }, { db, now }) => {
    const user = await findUser(db, uid);
    if (!user) throw errors.notFound(apiMessages.userNotFound);
    return { presence: { userid: user.id, status: presenceOf(user, now()) } };
  },

  'presence.update': async ({ status }, { db, now, caller }) => {
    await updateUser(db, caller.userid, { presenceStatus: status, lastSeenAt: now() });
    return {};
  },
} satisfies HandlerGroup;
