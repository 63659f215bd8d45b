/** Usage/*: This period, the records explorer and its CSV export. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { attachment } from '../../lib/document-format';
import { exportControlsOf, sendExport } from '../billing';
import { clientOf } from '../../http/client-caller';
import { getUsageAlerts, getUsageLimit, putProviderLimit, putUsageAlerts, putUsageLimit } from './alert-settings';
import { providerUsageRoutes } from './provider';
import { getUsageRecords, getUsageSummary, prepareUsageExport } from './service';

export const usageRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  // The same budget as the invoice CDR download: together they never hold more exports than the pool has connections.
  const exports = exportControlsOf(app);

  route(app, endpoints.usageSummary, (request) => getUsageSummary(readDepsOf(request, deps), callerOf(request), request.params.accountId));

  route(app, endpoints.usageRecords, (request) => getUsageRecords(readDepsOf(request, deps), callerOf(request), request.params.accountId, request.query));

  route(app, endpoints.usageExport, async (request, reply) => {
    const { accountId } = request.params;
    const caller = callerOf(request);
    const csv = await prepareUsageExport(readDepsOf(request, deps), caller, accountId, request.query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(csv.fileName));
    // HEAD answers the headers only, without running the export.
    if (request.method === 'HEAD') return reply.send();
    // The stream holds a slot of the account and of the person for as long as the client reads.
    return sendExport(exports, { request, reply }, { accountId, userId: caller.userId }, csv.open);
  });

  const ownAccount = { accountOf: (request: { params: { accountId: bigint } }) => request.params.accountId };
  route(app, endpoints.usageAlerts, (request) => getUsageAlerts(deps, callerOf(request), request.params.accountId));
  route(app, endpoints.usageAlertsUpdate, (request) => putUsageAlerts(deps, callerOf(request), request.params.accountId, request.body), ownAccount);
  route(app, endpoints.usageLimit, (request) => getUsageLimit(deps, callerOf(request), request.params.accountId));
  route(app, endpoints.usageLimitUpdate, (request) => putUsageLimit(deps, callerOf(request), request.params.accountId, request.body), ownAccount);
  route(app, endpoints.providerAccountLimit, (request) => putProviderLimit(deps, clientOf(request), request.params.externalId, request.body));

  await app.register(providerUsageRoutes);
};
