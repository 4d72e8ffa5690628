/**
 * The providers as this app is set up: one OAuth client for each one that is
 * configured, made once per app (its discovery is cached there) and shared
 * by the routes and the handlers. Nothing global: tests build many apps.
 */
import { SOCIAL_PROVIDERS, type SocialProviderId } from '@platter/contract';
import type { Services } from '../../api/context';
import { OAuthClient } from '../../adapters/oauth/client';

export interface SocialProvider {
  id: SocialProviderId;
  name: string;
  /** null when not set up: shown as unavailable. */
  client: OAuthClient | null;
}

const byConfig = new WeakMap<Services['config'], Record<SocialProviderId, SocialProvider>>();

export function socialProviders({ config, now }: Services): Record<SocialProviderId, SocialProvider> {
  let providers = byConfig.get(config);
  if (!providers) {
    const entries = SOCIAL_PROVIDERS.map((id): [SocialProviderId, SocialProvider] => {
      const settings = config.social[id];
      return [id, { id, name: settings.name, client: settings.oauth ? new OAuthClient(settings.oauth, now) : null }];
    });
    providers = Object.fromEntries(entries) as Record<SocialProviderId, SocialProvider>;
    byConfig.set(config, providers);
  }
  return providers;
}
