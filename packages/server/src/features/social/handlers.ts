/** social.get_accounts and social.disconnect (spec §2 Social modal, §5 disconnect rule). */
import {
  SOCIAL_LOGIN_PATHS,
  SOCIAL_PROVIDERS,
  SOCIAL_UNATTACH_PATHS,
  socialMessages,
  type SocialAccount,
} from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import type { OAuthClient } from '../../adapters/oauth/client';
import { errors } from '../../api/errors';
import { findUser } from '../accounts';
import { whereaboutsChanged } from '../directory';
import { socialProviders } from './providers';
import { linkedAccountsOf, removeLinkedAccount } from './store';

/** How long the Manage Social modal waits for a provider's discovery before calling it unreachable. */
const REACHABLE_WAIT_MS = 3_000;

/** A slow provider counts as unreachable for this answer; its discovery goes on and is remembered. */
function reachableWithin(client: OAuthClient, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([client.isReachable(), late]).finally(() => clearTimeout(timer));
}

export const socialHandlers = {
  'social.get_accounts': async (_input, services) => {
    const providers = socialProviders(services);
    const linked = await linkedAccountsOf(services.db, services.caller.userid);
    const accounts = await Promise.all(
      SOCIAL_PROVIDERS.map(async (id): Promise<SocialAccount> => {
        const { name, client } = providers[id];
        const account = linked.find((a) => a.provider === id);
        return {
          id,
          name,
          available: client !== null,
          reachable: client ? await reachableWithin(client, REACHABLE_WAIT_MS) : false,
          connected: account !== undefined,
          profile_image: account?.profileImage ?? null,
          screen_name: account?.name ?? null,
          login_path: SOCIAL_LOGIN_PATHS[id],
          unattach_path: SOCIAL_UNATTACH_PATHS[id],
        };
      }),
    );
    return { accounts };
  },

  /**
   * Spec §5: allowed when the member can still sign in another way — the
   * other provider is connected (and set up here, so it can be used), or they
   * have a verified email and a password.
   */
  'social.disconnect': async ({ provider }, services) => {
    const { db, caller } = services;
    const providers = socialProviders(services);
    const linked = await linkedAccountsOf(db, caller.userid);
    if (!linked.some((a) => a.provider === provider)) return {};
    const otherCanSignIn = linked.some(
      (a) => a.provider !== provider && providers[a.provider as typeof provider]?.client != null,
    );
    const user = await findUser(db, caller.userid);
    const emailAndPassword = user?.email != null && user.passwordHash != null;
    if (!otherCanSignIn && !emailAndPassword) {
      throw errors.forbidden(socialMessages.disconnectBlocked(providers[provider].name));
    }
    await removeLinkedAccount(db, caller.userid, provider);
    whereaboutsChanged(services);
    return {};
  },
} satisfies HandlerGroup;
