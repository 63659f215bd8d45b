/** Search. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { callerOf } from '../../lib/caller';
import { searchAccounts } from './service';

export const searchRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  route(app, endpoints.search, async (request) => searchAccounts(deps, callerOf(request), request.query));
};
