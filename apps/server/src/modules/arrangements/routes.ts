/** Arrangement/*: schema → authorize (in the service) → service → present. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { readDepsOf } from '../../http/read-routing';
import { route } from '../../http/route';
import { callerOf } from '../../lib/caller';
import { accountPaymentPolicy, arrangementOptions, cancelArrangement, createArrangement, listArrangements } from './service';

export const arrangementRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  route(app, endpoints.arrangementOptions, async (request) => arrangementOptions(deps, callerOf(request), request.params.accountId));
  route(
    app,
    endpoints.createArrangement,
    async (request, reply) => {
      const created = await createArrangement(deps, callerOf(request), request.body);
      reply.code(201);
      return created;
    },
    { accountOf: (request) => request.body.accountId },
  );
  route(app, endpoints.arrangements, async (request) => listArrangements(readDepsOf(request, deps), callerOf(request), request.query));
  route(app, endpoints.paymentPolicy, async (request) => accountPaymentPolicy(deps, callerOf(request), request.params.accountId));
  route(app, endpoints.cancelArrangement, async (request) => cancelArrangement(deps, callerOf(request), request.params.id));
};
