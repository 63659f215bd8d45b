/** Invoice/* (spec §7): schema → authorize (in the service's lookups) → service → present. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { sendEncodedAnswer } from '../../plugins/compression';
import { createKeptInvoiceReads } from './kept-reads';
import { calculateBalanceForward, getInvoice, getInvoiceContent, getInvoiceDetails, listInvoices } from './service';

export const invoiceRoutes = async (app: FastifyInstance) => {
  const deps = { db: app.db, clock: app.clock };
  const reads = createKeptInvoiceReads({ db: app.db, maxBytes: app.config.INVOICE_CACHE_MB * 1024 * 1024 });
  const readDeps = { ...deps, reads };

  route(app, endpoints.invoices, async (request, reply) => {
    const { answer, grew } = await listInvoices(readDeps, callerOf(request), request.query);
    return sendEncodedAnswer(request, reply, answer, grew);
  });
  route(app, endpoints.invoiceDetails, async (request) => getInvoiceDetails(readDeps, callerOf(request), request.params.id));
  route(app, endpoints.invoiceContent, async (request) =>
    getInvoiceContent(deps, callerOf(request), request.params.invoiceId, request.query.summary !== undefined),
  );
  route(app, endpoints.balanceForward, async (request) => calculateBalanceForward(deps, callerOf(request), request.params.invoiceId));
  route(app, endpoints.invoice, async (request) => getInvoice(deps, callerOf(request), request.params.id));
};
