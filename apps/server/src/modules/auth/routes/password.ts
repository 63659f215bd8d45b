import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BooleanResultSchema,
  ChangePasswordRequestSchema,
  ErrorResponseSchema,
  ResetEmailRequestSchema,
  ResultResponseSchema,
  SetFromResetTokenRequestSchema,
} from '@portal/contract';
import { callerOf } from '../../../plugins/authenticate';
import type { AuthDeps } from '../context';
import { changePassword, requestResetEmail, resetPageOf, setPasswordFromResetToken } from '../password-service';
import { THROTTLE_RULES, enforceThrottle, throttleKeys } from '../throttle';
import { PUBLIC, TAGS, noStore } from './shared';

/** Password reset by email (spec §7) and change while signed in (decisions §3). */
export const passwordRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  noStore(app);

  app.post(
    '/v1/Password/ResetEmail',
    {
      schema: {
        tags: TAGS,
        summary: 'Email a password-reset link (true also for unknown users; false when several users share the email)',
        security: PUBLIC,
        body: ResetEmailRequestSchema,
        response: { 200: BooleanResultSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // A foreign link is refused before anything is counted or looked up.
      resetPageOf(request.body.validateURL, deps.config.PUBLIC_ORIGIN);
      await enforceThrottle(deps.limiter, reply, 'resetEmail', [
        { key: throttleKeys.resetEmailUsername(request.body.username), rule: THROTTLE_RULES.resetEmailPerUsername },
        { key: throttleKeys.resetEmailAddress(request.ip), rule: THROTTLE_RULES.resetEmailPerAddress },
      ]);
      return requestResetEmail(deps, request.body, request.ip);
    },
  );

  app.post(
    '/v1/Password/SetFromResetToken',
    {
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the token from a reset email',
        security: PUBLIC,
        body: SetFromResetTokenRequestSchema,
        response: { 200: ResultResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceThrottle(deps.limiter, reply, 'token', [
        { key: throttleKeys.tokenAddress(request.ip), rule: THROTTLE_RULES.tokenPerAddress },
      ]);
      return setPasswordFromResetToken(deps, request.body, request.ip);
    },
  );

  app.post(
    '/v1/Password/Change',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: TAGS,
        summary: "Change the signed-in user's password",
        body: ChangePasswordRequestSchema,
        response: { 200: ResultResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await enforceThrottle(deps.limiter, reply, 'passwordChange', [
        { key: throttleKeys.passwordChangeUser(caller.userId), rule: THROTTLE_RULES.passwordChangePerUser },
      ]);
      return changePassword(deps, caller, request.body, request.ip);
    },
  );
};
