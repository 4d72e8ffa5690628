/**
 * Any OAuth 2.0 / OpenID Connect provider, by configuration, through
 * openid-client: discovery (or explicit endpoints), the authorization-code
 * flow with PKCE, state and nonce, the person's identity from the ID token
 * and the userinfo endpoint, and an optional friend list.
 */
import * as oidc from 'openid-client';
import { isLoopbackUrl, type OAuthClientConfig } from './config';
import { claimAt, identityFrom, type ProviderIdentity } from './identity';
import type { PendingFlow } from './sealed-flow';

/** Seconds before a request to the provider gives up. */
const REQUEST_TIMEOUT_S = 10;
/** After a failed discovery, say "unreachable" for this long before asking again. */
const RETRY_DISCOVERY_MS = 30_000;
/** Pages of a friend list followed, and friends kept, at most. */
const FRIEND_PAGES_MAX = 10;
const FRIENDS_MAX = 5_000;

/** The provider could not be reached (discovery failed). */
export class ProviderUnreachable extends Error {}

export interface AuthorizationStart {
  url: string;
  checks: Pick<PendingFlow, 'state' | 'codeVerifier' | 'nonce'>;
}

export interface AuthorizationResult {
  identity: ProviderIdentity;
  accessToken: string;
}

export class OAuthClient {
  private configuration: Promise<oidc.Configuration> | null = null;
  private failedAt: number | null = null;

  constructor(
    readonly settings: OAuthClientConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private get wantsIdToken(): boolean {
    return this.settings.scopes.split(' ').includes('openid');
  }

  /** The client configuration, discovered once; a failure is retried on a later use. */
  private config(): Promise<oidc.Configuration> {
    if (this.failedAt !== null && this.now() - this.failedAt < RETRY_DISCOVERY_MS) {
      return Promise.reject(new ProviderUnreachable('discovery failed recently'));
    }
    this.configuration ??= this.configure().then(
      (config) => {
        this.failedAt = null;
        return config;
      },
      (error: unknown) => {
        this.configuration = null;
        this.failedAt = this.now();
        throw new ProviderUnreachable(`could not reach ${this.settings.issuer}`, { cause: error });
      },
    );
    return this.configuration;
  }

  private async configure(): Promise<oidc.Configuration> {
    const s = this.settings;
    const insecure = isLoopbackUrl(s.issuer);
    const auth = s.clientAuth === 'client_secret_post' ? oidc.ClientSecretPost() : oidc.ClientSecretBasic();
    let config: oidc.Configuration;
    if (s.authorizationUrl && s.tokenUrl) {
      config = new oidc.Configuration(
        {
          issuer: s.issuer,
          authorization_endpoint: s.authorizationUrl,
          token_endpoint: s.tokenUrl,
          ...(s.userinfoUrl ? { userinfo_endpoint: s.userinfoUrl } : {}),
        },
        s.clientId,
        s.clientSecret,
        auth,
      );
      config.timeout = REQUEST_TIMEOUT_S;
    } else {
      config = await oidc.discovery(new URL(s.issuer), s.clientId, s.clientSecret, auth, {
        timeout: REQUEST_TIMEOUT_S,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    }
    if (insecure || [s.authorizationUrl, s.tokenUrl, s.userinfoUrl, s.friendsUrl].some((u) => u && isLoopbackUrl(u))) {
      oidc.allowInsecureRequests(config);
    }
    return config;
  }

  /** False while the provider could not be reached lately; asks it when it has not been asked yet. */
  async isReachable(): Promise<boolean> {
    try {
      await this.config();
      return true;
    } catch {
      return false;
    }
  }

  /** Where to send the browser, and what to remember until it comes back. */
  async start(redirectUri: string): Promise<AuthorizationStart> {
    const config = await this.config();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = this.wantsIdToken ? oidc.randomNonce() : null;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      ...(nonce ? { nonce } : {}),
    });
    return { url: url.href, checks: { state, codeVerifier, nonce } };
  }

  /**
   * Checks the callback (state, issuer, PKCE, nonce, ID token claims),
   * exchanges the code, and reads who the person is.
   */
  async finish(callbackUrl: URL, flow: PendingFlow): Promise<AuthorizationResult> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      ...(flow.nonce ? { expectedNonce: flow.nonce } : {}),
      idTokenExpected: flow.nonce !== null,
    });
    const idClaims = tokens.claims();
    let claims: Record<string, unknown> = { ...idClaims };
    const userinfoUrl = config.serverMetadata().userinfo_endpoint;
    if (userinfoUrl) {
      const userinfo = await this.getJson(config, tokens.access_token, new URL(userinfoUrl));
      // OpenID Connect Core 5.3.2: userinfo must be about the person the ID token is about.
      if (idClaims && userinfo.sub !== undefined && userinfo.sub !== idClaims.sub) {
        throw new Error('the userinfo response is about someone else');
      }
      claims = { ...claims, ...userinfo };
    }
    return { identity: identityFrom(claims, this.settings.claims), accessToken: tokens.access_token };
  }

  /**
   * The person's friends there, as ids there, when a friends URL is
   * configured; null when there is none or it failed. Accepts a list, or an
   * object with the list under `data` or `friends`; entries are ids or
   * objects with `id` (or `sub`); follows `paging.next` on the same origin.
   */
  async friends(accessToken: string, identity: ProviderIdentity): Promise<string[] | null> {
    const template = this.settings.friendsUrl;
    if (!template) return null;
    const config = await this.config();
    const first = new URL(template.replace('{id}', encodeURIComponent(identity.id)));
    const ids = new Set<string>();
    let next: URL | null = first;
    for (let page = 0; next && page < FRIEND_PAGES_MAX && ids.size < FRIENDS_MAX; page++) {
      const body: unknown = await this.getJson(config, accessToken, next);
      const list: unknown = Array.isArray(body)
        ? body
        : body && typeof body === 'object'
          ? ((body as Record<string, unknown>).data ?? (body as Record<string, unknown>).friends)
          : undefined;
      if (!Array.isArray(list)) throw new Error('the friends response holds no list');
      for (const entry of list) {
        const id =
          typeof entry === 'string' || typeof entry === 'number'
            ? entry
            : (claimAt(entry, 'id') ?? claimAt(entry, 'sub'));
        if ((typeof id === 'string' || typeof id === 'number') && String(id).length <= 255 && String(id) !== '') {
          ids.add(String(id));
        }
      }
      const link = claimAt(body, 'paging.next');
      next =
        typeof link === 'string' && URL.canParse(link) && new URL(link).origin === first.origin ? new URL(link) : null;
    }
    return [...ids].slice(0, FRIENDS_MAX);
  }

  private async getJson(config: oidc.Configuration, accessToken: string, url: URL): Promise<Record<string, unknown>> {
    const response = await oidc.fetchProtectedResource(
      config,
      accessToken,
      url,
      'GET',
      undefined,
      new Headers({ accept: 'application/json' }),
    );
    if (!response.ok) throw new Error(`${url.origin}${url.pathname} answered ${response.status}`);
    const body = (await response.json()) as unknown;
    if (body === null || typeof body !== 'object') throw new Error(`${url.origin}${url.pathname} sent no JSON object`);
    return body as Record<string, unknown>;
  }
}
