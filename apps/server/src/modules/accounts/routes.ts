/** Account/*: details, names, updates, statements, the activity history and the automatic payments of an account. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { getAutopaySchedule, saveAutopaySchedule, switchAutopay } from './autopay/service';
import { attachment } from '../../lib/document-format';
import { getAccountHistory } from './history';
import { getAccount, getAccountDetails, getStatement, listNames, updateCustomerDetails } from './service';
import { getStatementDocument } from './statement-document';

export const accountRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);

  route(app, endpoints.accountNames, async (request) => listNames(readDepsOf(request, deps), callerOf(request), request.query));
  route(app, endpoints.accountDetails, async (request) => getAccountDetails(readDepsOf(request, deps), callerOf(request), request.params.accountId));
  route(app, endpoints.updateCustomerDetails, async (request) => updateCustomerDetails(deps, callerOf(request), request.body), {
    accountOf: (request) => request.body.accountId,
  });
  route(app, endpoints.accountPeriod, async (request) => getStatement(readDepsOf(request, deps), callerOf(request), request.params));
  route(app, endpoints.account, async (request) => getAccount(readDepsOf(request, deps), callerOf(request), request.params.accountId));
  route(app, endpoints.accountStatement, async (request, reply) => {
    const statement = await getStatementDocument(readDepsOf(request, deps), callerOf(request), request.params.accountId, request.query);
    return reply.type(statement.contentType).header('content-disposition', attachment(statement.fileName)).send(statement.body);
  });
  route(app, endpoints.accountHistory, async (request) => getAccountHistory(readDepsOf(request, deps), callerOf(request), request.params.accountId, request.query));

  route(
    app,
    endpoints.updateDefaultPaymentMethod,
    async (request) => {
      await switchAutopay(deps, callerOf(request), request.body.accountId, request.body.paymentMethod);
      return true;
    },
    { accountOf: (request) => request.body.accountId },
  );
  route(app, endpoints.autopaySchedule, async (request) => getAutopaySchedule(deps, callerOf(request), request.params.accountId));
  route(app, endpoints.saveAutopaySchedule, async (request) => saveAutopaySchedule(deps, callerOf(request), request.params.accountId, request.body), {
    accountOf: (request) => request.params.accountId,
  });
};
