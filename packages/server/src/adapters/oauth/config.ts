/**
 * The environment of the two social providers (docs/social.md): for each,
 * SOCIAL_{FACEBOOK|TWITTER}_* name an OAuth 2.0 / OpenID Connect client. A
 * provider with none of them set is simply unavailable; one set halfway
 * stops the server with a message naming what is missing.
 */
import { z } from 'zod';
import type { SocialProviderId } from '@platter/contract';

/** Where a claim is found in the ID token or userinfo response: a dotted path such as `data.id`. */
export interface ClaimPaths {
  id: string;
  name: string;
  image: string;
  screenName: string;
}

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post';

export interface OAuthClientConfig {
  /** The issuer identifier; its discovery document is read unless the endpoints below are given. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  clientAuth: ClientAuthMethod;
  /** Space-separated, as sent. */
  scopes: string;
  /** Explicit endpoints: with authorization and token set, discovery is skipped. */
  authorizationUrl: string | undefined;
  tokenUrl: string | undefined;
  userinfoUrl: string | undefined;
  /** Optional: a URL answering the member's friends there (`{id}` is their id there). */
  friendsUrl: string | undefined;
  claims: ClaimPaths;
}

export interface SocialProviderConfig {
  /** What people see: "Facebook", "Twitter", or whatever this instance connects to. */
  name: string;
  /** null: not set up here, shown as unavailable. */
  oauth: OAuthClientConfig | null;
}

export type SocialConfig = Record<SocialProviderId, SocialProviderConfig>;

export const DEFAULT_SOCIAL_NAMES: Record<SocialProviderId, string> = { facebook: 'Facebook', twitter: 'Twitter' };
export const DEFAULT_SOCIAL_SCOPES = 'openid profile email';
const DEFAULT_CLAIMS: ClaimPaths = { id: 'sub', name: 'name', image: 'picture', screenName: 'preferred_username' };

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** True for a URL on this machine, the only place a provider may be reached over plain http. */
export function isLoopbackUrl(url: string): boolean {
  return LOOPBACK.test(new URL(url).hostname);
}

const endpoint = z
  .url({ protocol: /^https?$/, message: 'must be a full URL such as https://id.example.org' })
  .refine((url) => url.startsWith('https://') || isLoopbackUrl(url), {
    message: 'must be an https:// URL (plain http only for localhost)',
  });

const claimNames = { id: 'id', name: 'name', image: 'image', screen_name: 'screenName' } as const;

const claims = z
  .string()
  .transform((text) => text.split(',').map((pair) => pair.trim()))
  .pipe(
    z.array(
      z
        .string()
        .regex(
          /^(id|name|image|screen_name)=[\w.-]{1,100}$/,
          'must be pairs such as id=sub,name=name,image=picture,screen_name=preferred_username',
        ),
    ),
  )
  .transform((pairs) => {
    const paths: ClaimPaths = { ...DEFAULT_CLAIMS };
    for (const pair of pairs) {
      const [key, path] = pair.split('=') as [keyof typeof claimNames, string];
      paths[claimNames[key]] = path;
    }
    return paths;
  });

/** One provider's variables, without their SOCIAL_{ID}_ prefix. */
const providerVariables = {
  NAME: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').optional(),
  ISSUER: endpoint.optional(),
  CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  CLIENT_AUTH: z
    .enum(['client_secret_basic', 'client_secret_post'], {
      message: 'must be client_secret_basic or client_secret_post',
    })
    .optional(),
  SCOPES: z
    .string()
    .trim()
    .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'must be scopes separated by single spaces')
    .optional(),
  AUTHORIZATION_URL: endpoint.optional(),
  TOKEN_URL: endpoint.optional(),
  USERINFO_URL: endpoint.optional(),
  FRIENDS_URL: endpoint.optional(),
  CLAIMS: claims.optional(),
};

type ProviderVariables = typeof providerVariables;
type Prefixed<P extends string> = { [K in keyof ProviderVariables as `SOCIAL_${P}_${K}`]: ProviderVariables[K] };

function prefixed<P extends string>(prefix: P): Prefixed<P> {
  return Object.fromEntries(
    Object.entries(providerVariables).map(([key, schema]) => [`SOCIAL_${prefix}_${key}`, schema]),
  ) as Prefixed<P>;
}

/** Spread into config.ts's environment schema. */
export const socialEnvironment = { ...prefixed('FACEBOOK'), ...prefixed('TWITTER') };

type SocialEnvironment = { [K in keyof typeof socialEnvironment]?: z.output<(typeof socialEnvironment)[K]> };

const PREFIXES: Record<SocialProviderId, 'FACEBOOK' | 'TWITTER'> = { facebook: 'FACEBOOK', twitter: 'TWITTER' };

type Variables = { [K in keyof ProviderVariables]?: z.output<ProviderVariables[K]> };

function variablesOf(env: SocialEnvironment, id: SocialProviderId): Variables {
  const prefix = `SOCIAL_${PREFIXES[id]}_`;
  return Object.fromEntries(
    Object.entries(env)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  ) as Variables;
}

/** For config.ts's superRefine: a provider is set up fully or not at all. */
export function checkSocialEnvironment(env: SocialEnvironment, ctx: z.RefinementCtx): void {
  for (const id of Object.keys(PREFIXES) as SocialProviderId[]) {
    const v = variablesOf(env, id);
    const required = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'] as const;
    const setUp = required.some((key) => v[key] !== undefined);
    if (!setUp) continue;
    for (const key of required) {
      if (v[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [`SOCIAL_${PREFIXES[id]}_${key}`],
          message: `must be set together with SOCIAL_${PREFIXES[id]}_ISSUER, _CLIENT_ID and _CLIENT_SECRET`,
        });
      }
    }
    if ((v.AUTHORIZATION_URL === undefined) !== (v.TOKEN_URL === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [`SOCIAL_${PREFIXES[id]}_${v.AUTHORIZATION_URL === undefined ? 'AUTHORIZATION_URL' : 'TOKEN_URL'}`],
        message: `must be set together with SOCIAL_${PREFIXES[id]}_${v.AUTHORIZATION_URL === undefined ? 'TOKEN_URL' : 'AUTHORIZATION_URL'}`,
      });
    }
  }
}

export function socialConfigFrom(env: SocialEnvironment): SocialConfig {
  const one = (id: SocialProviderId): SocialProviderConfig => {
    const v = variablesOf(env, id);
    const name = v.NAME ?? DEFAULT_SOCIAL_NAMES[id];
    if (!v.ISSUER || !v.CLIENT_ID || !v.CLIENT_SECRET) return { name, oauth: null };
    return {
      name,
      oauth: {
        issuer: v.ISSUER,
        clientId: v.CLIENT_ID,
        clientSecret: v.CLIENT_SECRET,
        clientAuth: v.CLIENT_AUTH ?? 'client_secret_basic',
        scopes: v.SCOPES ?? DEFAULT_SOCIAL_SCOPES,
        authorizationUrl: v.AUTHORIZATION_URL,
        tokenUrl: v.TOKEN_URL,
        userinfoUrl: v.USERINFO_URL,
        friendsUrl: v.FRIENDS_URL,
        claims: v.CLAIMS ?? { ...DEFAULT_CLAIMS },
      },
    };
  };
  return { facebook: one('facebook'), twitter: one('twitter') };
}
