/**
 * The demo's pending single sign-on user, tried without an OpenID provider (outside production only).
 * Start-up prints a link to `openid/demo-login` carrying this start's token; following it signs in the
 * demo's SSO identity exactly as the provider's callback would (`SsoLanding`, single sign-on's own sign-in): the
 * pending page until an Admin approves, then a signed-in session, after which the link is spent.
 * Chosen over a built-in identity provider: no OpenID server in the product, and nothing to configure.
 */
import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, endpoints, LOGIN_CALLBACK_PATH } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_SSO } from '../../db/seed/demo';
import { DEMO_USERNAMES } from '../../db/seed/demo-users';
import { route } from '../../http/route';
import type { SsoLanding } from '../single-sign-on';
import { createDemoLinkToken } from './link';

export interface DemoSignIn {
  /** The link start-up prints. */
  url: string;
  /** Handed to the single sign-on module, which gives them its landing. */
  routes: FastifyPluginAsync<{ signIn: SsoLanding }>;
}

/** The identity the demo seed links to its pending user (as Microsoft would vouch for it). */
const DEMO_IDENTITY = {
  issuer: DEMO_SSO.issuer,
  subject: DEMO_SSO.subject,
  claims: { email: DEMO_USERNAMES.pending, email_verified: true, name: 'Sam Rivera' },
};

export const createDemoSignIn = (origin: string): DemoSignIn => {
  const link = createDemoLinkToken();
  const url = new URL(endpoints.demoSignIn.path, origin);
  url.searchParams.set('token', link.token);
  const landing = (fragment: Record<string, string>) => {
    const page = new URL(LOGIN_CALLBACK_PATH, origin);
    page.hash = new URLSearchParams(fragment).toString();
    return page.toString();
  };
  return {
    url: url.toString(),
    routes: async (app, { signIn }) => {
      route(app, endpoints.demoSignIn, async (request, reply) => {
        // The redirect may carry a session token in its fragment.
        reply.header('cache-control', 'no-store');
        if (!link.take(request.query.token)) {
          return reply.redirect(landing({ error: 'failed', error_description: AUTH_MESSAGES.loginLinkInvalid }), 302);
        }
        const fragment = await signIn(DEMO_IDENTITY, request).catch((error: unknown) => {
          link.giveBack();
          throw error;
        });
        if (!fragment.token) link.giveBack();
        return reply.redirect(landing(fragment), 302);
      });
    },
  };
};

/** The start-up banner's line about the demo's pending user: with the link while the demo has that user. */
export const demoSignInLine = async (db: PortalDb, url: string | null): Promise<string> => {
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.username, DEMO_USERNAMES.pending));
  if (!url || !user) return `${DEMO_USERNAMES.pending} awaits approval (single sign-on)`;
  const state = user.status === 'pending' ? 'awaits approval by an Admin at /admin/users' : `is ${user.status}`;
  return `${DEMO_USERNAMES.pending} ${state}; sign in as them by single sign-on with this start's link: ${url}`;
};
