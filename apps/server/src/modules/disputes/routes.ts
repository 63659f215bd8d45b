/** Dispute/*: schema → authorize (in the service's lookups) → service → present. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { accountOfDisputedLine, createDispute, listDisputes, resolveDispute, reviewDispute } from './service';

export const disputeRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);

  route(app, endpoints.createDispute, async (request) => createDispute(deps, callerOf(request), request.body), {
    accountOf: (request) => accountOfDisputedLine(deps, callerOf(request), request.body),
  });
  // Staff still review and resolve a dispute raised before the account closed: the customer is owed an answer.
  route(app, endpoints.disputes, async (request) => listDisputes(readDepsOf(request, deps), callerOf(request), request.query));
  route(app, endpoints.reviewDispute, async (request) => reviewDispute(deps, callerOf(request), request.params.id));
  route(app, endpoints.resolveDispute, async (request) => resolveDispute(deps, callerOf(request), request.params.id, request.body));
};
