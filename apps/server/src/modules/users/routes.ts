import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { route } from '../../http/route';
import { callerOf } from '../../lib/caller';
import { depsOf } from '../../http/deps';
import { approveUser, disableUser, issueOneTimeLogin, liftUserLockout, listUsersForAdmin } from './service';
import { noStore } from '../sessions';

/** Admin-only user approval (docs/decisions/0003-contract-rules.md, docs/decisions/0006-where-the-spec-is-wrong.md). */
export const usersRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  noStore(app);

  route(app, endpoints.listUsers, async (request) => listUsersForAdmin(deps, request.query));

  route(app, endpoints.approveUser, async (request) => approveUser(deps, callerOf(request), request.params.id, request.body));

  route(app, endpoints.disableUser, async (request) => disableUser(deps, callerOf(request), request.params.id));

  route(app, endpoints.issueOneTimeLogin, async (request) => issueOneTimeLogin(deps, callerOf(request), request.params.id));

  route(app, endpoints.liftUserLockout, async (request) => liftUserLockout(deps, callerOf(request), request.params.id, request.body, request.ip));
};
