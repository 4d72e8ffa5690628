/**
 * Social connections (spec §2 Social modal, Social step modal; §4 Connect
 * banner; §5 disconnect rule; §8 social connect failure): the two providers,
 * whether each is set up on this server and linked to the caller, and how to
 * unlink one. Connecting is a full-page journey through the provider, so it
 * is a route (`/facebook_login`, `/twitter_login/`), not a call.
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';

/** The spec's social network and short-message network, by their ids in routes and storage. */
export const SOCIAL_PROVIDERS = ['facebook', 'twitter'] as const;
export const socialProviderId = z.enum(SOCIAL_PROVIDERS);
export type SocialProviderId = z.infer<typeof socialProviderId>;

/** Spec §2 "Other paths": where a connect (or a login through the provider) starts, and unlinking. */
export const SOCIAL_LOGIN_PATHS: Record<SocialProviderId, string> = {
  facebook: '/facebook_login',
  twitter: '/twitter_login/',
};
export const SOCIAL_UNATTACH_PATHS: Record<SocialProviderId, string> = {
  facebook: '/facebook_unattach/',
  twitter: '/twitter_unattach/',
};

/**
 * What the login routes add to the address they send the browser back to.
 * `social_connected` names the provider on success, with `social_outcome`
 * saying what happened; `social_error` names what went wrong, with
 * `social_provider` naming the provider.
 */
export const SOCIAL_RETURN_PARAMS = {
  connected: 'social_connected',
  outcome: 'social_outcome',
  error: 'social_error',
  provider: 'social_provider',
} as const;

/** Passed to a login route: the same-site path to come back to (default: Manage Social for members, / otherwise). */
export const SOCIAL_RETURN_TO_PARAM = 'return_to';

export const SOCIAL_OUTCOMES = ['connected', 'login', 'signup'] as const;
export const socialOutcome = z.enum(SOCIAL_OUTCOMES);
export type SocialOutcome = z.infer<typeof socialOutcome>;

/**
 * Why a connect failed: not set up here; the provider could not be reached;
 * the person said no at the provider; that provider account already belongs
 * to another member; anything else (a bad or stale callback, a token error).
 */
export const SOCIAL_FAILURES = ['unavailable', 'unreachable', 'denied', 'taken', 'failed'] as const;
export const socialFailure = z.enum(SOCIAL_FAILURES);
export type SocialFailure = z.infer<typeof socialFailure>;

/** The spec's words, with the provider's configured name as {service}. */
export const socialMessages = {
  finePrint: 'We never post to your newsfeed or tweet unless you explicitly tell us to',
  connectErrorTitle: (service: string) => `${service} connect error`,
  connectErrorText: (service: string) => `Sorry, an error occurred while trying to connect your ${service} account.`,
  disconnectBlocked: (service: string) =>
    `Please set and verify your email address and password before disconnecting your ${service} account.`,
  unreachable: (service: string) =>
    `Something's not right. ${service} Connect is unreachable right now—please try again later.`,
  /** Not in the spec: the failures it has no words for (docs/social.md). */
  taken: (service: string) => `That ${service} account is already connected to another member.`,
  unavailable: (service: string) => `${service} isn't set up on this server.`,
} as const;

/** The sign-up social step's own words (docs/social.md). */
export const socialStepMessages = {
  connectWith: (service: string) => `Connect with ${service}`,
  /** Not in the spec: a server set up for no provider has nothing to offer at this step. */
  noneSetUp:
    'This server is not connected to any social network, so there is nothing to connect here. Find your friends by becoming fans of the DJs you like.',
} as const;

export const socialAccount = z.object({
  id: socialProviderId,
  /** The provider's name as this server calls it (configurable; "Facebook", "Twitter" by default). */
  name: z.string(),
  /** Whether this server is set up to connect to it; an unavailable provider is shown, not hidden. */
  available: z.boolean(),
  /** False when the provider could not be reached the last time we asked (spec §2 Social step modal). */
  reachable: z.boolean(),
  connected: z.boolean(),
  /** The caller's picture there, when connected and the provider gives one. */
  profile_image: z.string().nullable(),
  /** The caller's name there, when connected. */
  screen_name: z.string().nullable(),
  /** Where a full-page navigation starts connecting (spec §2 Other paths). */
  login_path: z.string(),
  /** Where a POST with the session's credentials unlinks it. */
  unattach_path: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccount>;

export const socialCalls = callTable(
  defineCall({
    name: 'social.get_accounts',
    method: 'GET',
    // Guests ask too: the sign-up step shows the providers and whether they can be reached.
    access: 'session',
    input: z.object({}),
    output: z.object({ accounts: z.array(socialAccount) }),
  }),
  defineCall({
    name: 'social.disconnect',
    method: 'POST',
    access: 'member',
    input: z.object({ provider: socialProviderId }),
    output: z.object({}),
  }),
);
