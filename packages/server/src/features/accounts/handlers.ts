import { messages } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { fanCounts, findUser, findUserByName, isNameTaken } from './store';
import { suggestName } from './suggest-name';
import { selfUserView, type SocialIds } from './user-view';

export const accountHandlers = {
  'user.info': async (_input, { db, now, caller }) => {
    const user = await findUser(db, caller.userid);
    if (!user) throw errors.notAuthenticated();
    return selfUserView(user, await fanCounts(db, user.id), await socialIdsOf(db, user.id), now());
  },

  'user.suggest_name': async (_input, { db }) => ({
    suggested_name: await suggestName((name) => isNameTaken(db, name)),
  }),

  'user.verify_name': async ({ name }, { db, caller }) => {
    if (await isNameTaken(db, name, caller?.userid)) throw errors.conflict(messages.nameTaken);
    return { name };
  },

  'user.get_id': async ({ name }, { db }) => {
    const user = await findUserByName(db, name);
    if (!user) throw errors.notFound("Sorry, we couldn't find a DJ by that name.");
    return { userid: user.id };
  },

  'user.get_prefs': async (_input, { db, caller }) => {
    const row = await db.selectFrom('preferences').selectAll().where('userId', '=', caller.userid).executeTakeFirst();
    return {
      layout: row?.layout === 'single' ? 'single' : 'dual',
      miniplayer: row?.miniplayer === 1,
      disable_zoom: row?.disableZoom === 1,
      disable_animation: row?.disableAnimation === 1,
      disable_webgl: row?.disableWebgl === 1,
    };
  },
} satisfies HandlerGroup;

async function socialIdsOf(db: Db, userId: string): Promise<SocialIds> {
  const accounts = await db
    .selectFrom('socialAccounts')
    .select(['provider', 'providerUserId', 'profileImage'])
    .where('userId', '=', userId)
    .execute();
  const facebook = accounts.find((a) => a.provider === 'facebook');
  const twitter = accounts.find((a) => a.provider === 'twitter');
  return {
    fbid: facebook?.providerUserId ?? null,
    twitterid: twitter?.providerUserId ?? null,
    twitterProfileImage: twitter?.profileImage ?? null,
  };
}
