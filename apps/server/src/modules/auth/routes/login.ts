import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, LoginRequestSchema, LoginResponseSchema, OneTimeLoginRequestSchema } from '@portal/contract';
import type { AuthDeps } from '../context';
import { loginWithOneTimeToken, loginWithPassword } from '../login-service';
import { THROTTLE_RULES, enforceThrottle, throttleKeys } from '../throttle';
import { PUBLIC, TAGS, noStore } from './shared';

/** Sign-in calls of spec §7: a failed login is a 200 with `successful: false` and the text to show. */
export const loginRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  noStore(app);

  app.post(
    '/v1/Authenticate',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in with username (or email) and password',
        security: PUBLIC,
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceThrottle(deps.limiter, reply, 'login', [
        { key: throttleKeys.loginUsername(request.body.username), rule: THROTTLE_RULES.loginPerUsername },
        { key: throttleKeys.loginAddress(request.ip), rule: THROTTLE_RULES.loginPerAddress },
      ]);
      return loginWithPassword(deps, request.body, request.ip);
    },
  );

  app.post(
    '/v1/Authenticate/OneTimeLogin',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in with a one-time login token issued by an administrator',
        security: PUBLIC,
        body: OneTimeLoginRequestSchema,
        response: { 200: LoginResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceThrottle(deps.limiter, reply, 'token', [
        { key: throttleKeys.tokenAddress(request.ip), rule: THROTTLE_RULES.tokenPerAddress },
      ]);
      return loginWithOneTimeToken(deps, request.body.token, request.ip);
    },
  );
};
