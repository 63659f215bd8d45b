/** Account calls of spec §7 under /b: schema → authorize (in the service's lookups) → service → present. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDetailsResponseSchema,
  AccountListNameSchema,
  AccountNamesQuerySchema,
  AccountSchema,
  AccountStatementParamsSchema,
  AccountStatementSchema,
  AccountUpdateModelSchema,
  BooleanResultSchema,
  ErrorResponseSchema,
  IdSchema,
  pagedSchema,
} from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { getAccount, getAccountDetails, getStatement, listNames, updateCustomerDetails } from './service';

const tags = ['Accounts'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  app.get(
    '/v1/Account/names',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Names of the accounts the caller may use (paged, searchable); `accountId` is always included when visible',
        querystring: AccountNamesQuerySchema,
        response: { 200: pagedSchema(AccountListNameSchema), ...errors },
      },
    },
    async (request) => listNames(deps, callerOf(request), request.query),
  );

  app.get(
    '/v1/Account/details/:accountId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'An account with its addresses, contacts and their dated links (historic links included)',
        params: z.object({ accountId: IdSchema }),
        response: { 200: AccountDetailsResponseSchema, ...errors },
      },
    },
    async (request) => getAccountDetails(deps, callerOf(request), request.params.accountId),
  );

  app.put(
    '/v1/Account/customerdetails',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Update language, invoice email, payment method, addresses and contacts in one transaction (dated history kept)',
        body: AccountUpdateModelSchema,
        response: { 200: BooleanResultSchema, ...errors },
      },
    },
    async (request) => updateCustomerDetails(deps, callerOf(request), request.body),
  );

  app.get(
    '/v1/Account/:accountId/:startDate/:endDate',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Statement of an account for a period: opening balance, posted invoices, payments, closing balance',
        params: AccountStatementParamsSchema,
        response: { 200: AccountStatementSchema, ...errors },
      },
    },
    async (request) => getStatement(deps, callerOf(request), request.params),
  );

  app.get(
    '/v1/Account/:accountId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'An account with its contact links',
        params: z.object({ accountId: IdSchema }),
        response: { 200: AccountSchema, ...errors },
      },
    },
    async (request) => getAccount(deps, callerOf(request), request.params.accountId),
  );
};
