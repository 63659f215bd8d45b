import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApproveUserRequestSchema,
  ErrorResponseSchema,
  OneTimeLoginLinkSchema,
  UserIdParamsSchema,
  UserSummarySchema,
  UsersQuerySchema,
} from '@portal/contract';
import { callerOf } from '../../../plugins/authenticate';
import type { AuthDeps } from '../context';
import { approveUser, assertAdmin, disableUser, issueOneTimeLogin, listUsersForAdmin } from '../users-service';
import { TAGS, noStore } from './shared';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** Admin-only user approval (decisions §3, §5). */
export const usersRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  noStore(app);
  // Every route here: a valid session (401) of an administrator (403), checked before the input is.
  const adminOnly = {
    onRequest: app.requireCaller,
    preValidation: async (request: FastifyRequest) => assertAdmin(callerOf(request)),
  };

  app.get(
    '/v1/Users',
    {
      ...adminOnly,
      schema: {
        tags: TAGS,
        summary: 'List users, e.g. those awaiting approval (status=pending)',
        querystring: UsersQuerySchema,
        response: { 200: z.array(UserSummarySchema), ...errors },
      },
    },
    async (request) => listUsersForAdmin(deps, request.query.status),
  );

  app.post(
    '/v1/Users/:id/approve',
    {
      ...adminOnly,
      schema: {
        tags: TAGS,
        summary: 'Activate a user with these account scopes and roles',
        params: UserIdParamsSchema,
        body: ApproveUserRequestSchema,
        response: { 200: UserSummarySchema, ...errors },
      },
    },
    async (request) => approveUser(deps, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/Users/:id/disable',
    {
      ...adminOnly,
      schema: {
        tags: TAGS,
        summary: 'Stop a user from signing in',
        params: UserIdParamsSchema,
        response: { 200: UserSummarySchema, ...errors },
      },
    },
    async (request) => disableUser(deps, callerOf(request), request.params.id),
  );

  app.post(
    '/v1/Users/:id/one-time-login',
    {
      ...adminOnly,
      schema: {
        tags: TAGS,
        summary: 'Issue a single-use, short-lived login token for an active user',
        params: UserIdParamsSchema,
        response: { 200: OneTimeLoginLinkSchema, ...errors },
      },
    },
    async (request) => issueOneTimeLogin(deps, callerOf(request), request.params.id),
  );
};
