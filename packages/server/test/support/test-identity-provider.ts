/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, for the
 * social tests: discovery, authorization with PKCE, tokens, userinfo, plus a
 * friends endpoint (`GET /friends`, bearer token → `{data: [{id}]}`) in the
 * shape docs/social.md describes. Its login has no form: whoever the test
 * says is "at the keyboard" (signInAs) is logged in, and consent is given.
 *
 * The port is taken first and the clients registered after, because the
 * clients' redirect URIs name the Platter server's port, which the server
 * learns only once it has started with this provider's issuer.
 */
import { generateKeyPairSync } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  name: string;
  preferred_username?: string;
  picture?: string;
  email?: string;
  /** Their friends' `sub`s, as the friends endpoint answers them. */
  friends?: string[];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestIdentityProvider {
  issuer: string;
  /** Adds or replaces an account. */
  addAccount(account: TestAccount): void;
  /** Who logs in at the next login prompt (no form: the test is the person). */
  signInAs(sub: string): void;
  /** The next login prompt is answered "no" (access_denied). */
  denyNext(): void;
  /** Creates the provider with these clients; call once the redirect URIs are known. */
  registerClients(clients: TestClient[]): void;
  /** The SOCIAL_{PREFIX}_* variables for a client of this provider. */
  env(prefix: 'FACEBOOK' | 'TWITTER', client: Omit<TestClient, 'redirectUris'>, name?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startTestIdentityProvider(options: { hostname?: string } = {}): Promise<TestIdentityProvider> {
  const accounts = new Map<string, TestAccount>();
  let atKeyboard: string | null = null;
  let deny = false;
  let provider: Provider | null = null;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // `localhost`, not 127.0.0.1: another site than the app's, as a real provider is.
  const issuer = `http://${options.hostname ?? 'localhost'}:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!provider) {
      res.statusCode = 503;
      res.end('not ready');
      return;
    }
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname.startsWith('/interaction/')) return interact(provider, req, res);
    if (url.pathname === '/friends') return friends(provider, req, res);
    provider.callback()(req, res);
  }

  async function interact(p: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await p.interactionDetails(req, res);
    const { prompt, params } = details;
    if (prompt.name === 'login') {
      if (deny || !atKeyboard) {
        deny = false;
        await p.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person said no.' });
        return;
      }
      await p.interactionFinished(req, res, { login: { accountId: atKeyboard } }, { mergeWithLastSubmission: false });
      return;
    }
    // Consent: grant whatever was asked.
    const grant = details.grantId
      ? await p.Grant.find(details.grantId)
      : new p.Grant({ accountId: details.session?.accountId ?? '', clientId: String(params.client_id) });
    if (!grant) throw new Error('no grant');
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function friends(p: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const found = token ? await p.AccessToken.find(token) : undefined;
    res.setHeader('content-type', 'application/json');
    if (!found?.accountId) {
      res.statusCode = 401;
      res.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      res.end(JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    const list = accounts.get(found.accountId)?.friends ?? [];
    res.end(JSON.stringify({ data: list.map((id) => ({ id })) }));
  }

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' } as JWK;

  return {
    issuer,
    addAccount(account) {
      accounts.set(account.sub, account);
    },
    signInAs(sub) {
      atKeyboard = sub;
    },
    denyNext() {
      deny = true;
    },
    registerClients(clients) {
      provider = new Provider(issuer, {
        clients: clients.map((c) => ({
          client_id: c.clientId,
          client_secret: c.clientSecret,
          redirect_uris: c.redirectUris,
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
        })),
        async findAccount(_ctx, sub) {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            async claims() {
              const { friends: _friends, ...claims } = account;
              return { ...claims, email_verified: true };
            },
          };
        },
        claims: {
          openid: ['sub'],
          profile: ['name', 'preferred_username', 'picture'],
          email: ['email', 'email_verified'],
        },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        pkce: { required: () => true },
        cookies: { keys: ['test-identity-provider-cookie-key'] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
        jwks: { keys: [signingKey] },
      });
    },
    env(prefix, client, name) {
      return {
        [`SOCIAL_${prefix}_ISSUER`]: issuer,
        [`SOCIAL_${prefix}_CLIENT_ID`]: client.clientId,
        [`SOCIAL_${prefix}_CLIENT_SECRET`]: client.clientSecret,
        [`SOCIAL_${prefix}_FRIENDS_URL`]: `${issuer}/friends`,
        ...(name ? { [`SOCIAL_${prefix}_NAME`]: name } : {}),
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
