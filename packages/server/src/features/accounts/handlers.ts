import { apiMessages, type Preferences, type SelfUser } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { userChanged } from '../rooms';
import { ensureNameFree, fanCounts, findUser, findUserByName, isNameTaken, updateUser } from './store';
import { contactPrefHandlers } from './contact-prefs';
import { emailPasswordHandlers } from './email-password';
import { suggestName } from './suggest-name';
import { selfUserView, type SocialIds } from './user-view';

export const accountHandlers = {
  ...emailPasswordHandlers,
  ...contactPrefHandlers,

  'user.info': async (_input, { db, now, caller }) => {
    const user = await findUser(db, caller.userid);
    if (!user) throw errors.notAuthenticated();
    return selfUserView(user, await fanCounts(db, user.id), await socialIdsOf(db, user.id), now());
  },

  'user.suggest_name': async (_input, { db }) => ({
    suggested_name: await suggestName((name) => isNameTaken(db, name)),
  }),

  'user.verify_name': async ({ name }, { db, caller }) => {
    await ensureNameFree(db, name, caller?.userid);
    return { name };
  },

  'user.get_id': async ({ name }, { db }) => {
    const user = await findUserByName(db, name);
    if (!user) throw errors.notFound(apiMessages.djNotFound);
    return { userid: user.id };
  },

  'user.get_prefs': async (_input, { db, caller }) => preferencesOf(db, caller.userid),

  'user.modify': async ({ laptop, ...prefs }, services) => {
    const { db, caller } = services;
    const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
    const changes = {
      layout: prefs.layout,
      miniplayer: flag(prefs.miniplayer),
      disableZoom: flag(prefs.disable_zoom),
      disableAnimation: flag(prefs.disable_animation),
      disableWebgl: flag(prefs.disable_webgl),
    };
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    await db
      .insertInto('preferences')
      .values({ userId: caller.userid, ...set })
      .onConflict((oc) =>
        Object.keys(set).length ? oc.column('userId').doUpdateSet(set) : oc.column('userId').doNothing(),
      )
      .execute();
    if (laptop) {
      await updateUser(db, caller.userid, { laptop });
      await userChanged(services, caller.userid);
    }
    const user = await findUser(db, caller.userid);
    return { ...(await preferencesOf(db, caller.userid)), laptop: (user?.laptop ?? 'mac') as SelfUser['laptop'] };
  },
} satisfies HandlerGroup;

/** Stored preferences (spec §3: snake_case at the boundary), or the defaults. */
async function preferencesOf(db: Db, userId: string): Promise<Preferences> {
  const row = await db.selectFrom('preferences').selectAll().where('userId', '=', userId).executeTakeFirst();
  return {
    layout: row?.layout === 'single' ? 'single' : 'dual',
    miniplayer: row?.miniplayer === 1,
    disable_zoom: row?.disableZoom === 1,
    disable_animation: row?.disableAnimation === 1,
    disable_webgl: row?.disableWebgl === 1,
  };
}

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
