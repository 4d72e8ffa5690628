/**
 * The ignore list (spec §2 Ignore modal, §4 Ignore list, §7 block.*): a member
 * hides someone's chat from themselves. Ignoring someone who is your fan also
 * ends their fandom (spec §4 Fan state). Every call is idempotent.
 */
import { IGNORE_LIST_MAX, accountMessages } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import { findUser } from '../accounts';
import { stopBeingFanOf } from '../fans';
import { announceFansChanged } from '../rooms';
import { addBlock, blocksOf, countBlocks, isBlocked, removeBlock } from './store';

export const blockHandlers = {
  'block.add': async ({ blockedid }, services) => {
    const { db, caller } = services;
    if (blockedid === caller.userid) throw errors.invalid(accountMessages.ignoreYourself);
    const blocked = await findUser(db, blockedid);
    // Guests have no name to list or to find them by: there is nobody to ignore (docs/accounts.md).
    if (!blocked?.name) throw errors.notFound(accountMessages.ignoreUnknown);
    if (!(await isBlocked(db, caller.userid, blocked.id))) {
      if ((await countBlocks(db, caller.userid)) >= IGNORE_LIST_MAX) {
        throw errors.forbidden(accountMessages.ignoreListFull);
      }
      await addBlock(db, caller.userid, blocked.id, services.now());
    }
    const unfanned = await stopBeingFanOf(services, blocked.id, caller.userid);
    // Whom the ignored person follows changed: their friends panel must hear of it.
    if (unfanned) await announceFansChanged(services, blocked.id);
    return { unfanned, username: blocked.name };
  },

  'block.remove': async ({ blockedid }, { db, caller }) => {
    await removeBlock(db, caller.userid, blockedid);
    return {};
  },

  'block.list_all': async (_input, { db, caller }) => ({ blocks: await blocksOf(db, caller.userid) }),
} satisfies HandlerGroup;
