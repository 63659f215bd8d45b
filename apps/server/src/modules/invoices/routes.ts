/** Invoice calls of spec §7 under /b: schema → authorize (in the service's lookups) → service → present. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BalanceForwardSchema,
  ErrorResponseSchema,
  IdSchema,
  InvoiceContentQuerySchema,
  InvoiceContentSchema,
  InvoiceDetailsSchema,
  InvoiceListItemSchema,
  InvoiceSchema,
  PagedQuerySchema,
  pagedSchema,
} from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { calculateBalanceForward, getInvoice, getInvoiceContent, getInvoiceDetails, listInvoices } from './service';

const tags = ['Invoices'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  app.get(
    '/v1/Invoice/items',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Posted invoices of the accounts the caller may see: dnfilter, orderby, skip/take, count',
        querystring: PagedQuerySchema,
        response: { 200: pagedSchema(InvoiceListItemSchema), ...errors },
      },
    },
    async (request) => listInvoices(deps, callerOf(request), request.query),
  );

  app.get(
    '/v1/Invoice/details/:id',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'An invoice with what it owes, its receivable and the payments assigned to it (newest first)',
        params: z.object({ id: IdSchema }),
        response: { 200: InvoiceDetailsSchema, ...errors },
      },
    },
    async (request) => getInvoiceDetails(deps, callerOf(request), request.params.id),
  );

  app.get(
    '/v1/Invoice/content/:invoiceId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Bill-to block of an invoice; with `summary`, its charges grouped with subtotal, taxes and total',
        params: z.object({ invoiceId: IdSchema }),
        querystring: InvoiceContentQuerySchema,
        response: { 200: InvoiceContentSchema, ...errors },
      },
    },
    async (request) => getInvoiceContent(deps, callerOf(request), request.params.invoiceId, request.query.summary !== undefined),
  );

  app.post(
    '/v1/Invoice/calcforward/:invoiceId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'The balance carried forward to an invoice: previous balance, payments since, new charges, amount due',
        params: z.object({ invoiceId: IdSchema }),
        response: { 200: BalanceForwardSchema, ...errors },
      },
    },
    async (request) => calculateBalanceForward(deps, callerOf(request), request.params.invoiceId),
  );

  app.get(
    '/v1/Invoice/:id',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'One posted invoice',
        params: z.object({ id: IdSchema }),
        response: { 200: InvoiceSchema, ...errors },
      },
    },
    async (request) => getInvoice(deps, callerOf(request), request.params.id),
  );
};
