import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account } from 'oidc-provider';

export interface TestPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider's next interaction. */
  signInAs(person: TestPerson): void;
  /** Follows the provider's redirects like a browser (with cookies) until it sends the browser back to `redirectUri`. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 with one static client.
 * Its sign-in page is replaced by a handler that signs in the chosen person and grants the
 * requested scopes at once, so a test can drive the flow with plain HTTP requests.
 */
export const startOidcProvider = async (options: {
  redirectUri: string;
  claimsInIdToken?: boolean;
}): Promise<TestOidcProvider> => {
  const people = new Map<string, TestPerson>();
  let current: TestPerson | null = null;
  const clientId = 'portal-test';
  const clientSecret = 'portal-test-secret-0123456789abcdef';

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // false: profile claims go into the ID token (as Entra ID does); true: only via userinfo.
    conformIdTokenClaims: !(options.claimsInIdToken ?? true),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds) keep the provider from printing a notice for each default.
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx, sub): Promise<Account | undefined> => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(person.email !== undefined ? { email: person.email } : {}),
          ...(person.email_verified !== undefined ? { email_verified: person.email_verified } : {}),
          ...(person.name !== undefined ? { name: person.name } : {}),
        }),
      };
    },
  });
  provider.on('server_error', (_ctx, error) => {
    process.stderr.write(`test OIDC provider error: ${String(error)}\n`);
  });

  const finishInteraction = async (req: IncomingMessage, res: ServerResponse) => {
    if (!current) throw new Error('signInAs() was not called');
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: current.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const authorize = async (authorizationUrl: string): Promise<URL> => {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.href.startsWith(options.redirectUri)) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (!location || res.status < 300 || res.status >= 400) {
        throw new Error(`The provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`);
      }
      url = new URL(location, url);
    }
    throw new Error('Too many redirects at the test OIDC provider');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(person) {
      people.set(person.sub, person);
      current = person;
    },
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
