/** Charge/items. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { callerOf } from '../../lib/caller';
import { listCharges } from './service';

export const chargeRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  route(app, endpoints.charges, async (request) => listCharges(readDepsOf(request, deps), callerOf(request), request.query));
};
