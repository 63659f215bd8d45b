/** Invoice/*: schema → authorize (in the service's lookups) → service → present. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { writeInvoiceDetails, writeInvoicePage } from '../../http/answer-writers';
import { cachedRoute, createLedgerAnswers } from '../../http/ledger-cache';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { invoiceCachedBytes, invoiceReads } from '../../lib/metrics';
import { providerInvoiceRoutes } from './provider';
import { requestLanguage } from '../../lib/language';
import {
  calculateBalanceForward,
  getInvoice,
  getInvoiceContent,
  getInvoiceChanges,
  getInvoiceDetails,
  invoiceListScope,
  invoicePagePresenter,
  readInvoicePage,
} from './service';

export const invoiceRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  // Invoice list pages and invoice details share one memory budget.
  const answers = createLedgerAnswers({ maxBytes: app.config.INVOICE_CACHE_MB * 1024 * 1024, recordBytes: (bytes) => invoiceCachedBytes.set(bytes) });

  cachedRoute(app, endpoints.invoices, {
    answers,
    scope: (request) => invoiceListScope(request.query),
    read: (request, scope) => readInvoicePage(readDepsOf(request, deps), callerOf(request), request.query, scope),
    present: invoicePagePresenter(deps),
    counted: (source) => invoiceReads.inc({ call: 'list', source }),
    write: writeInvoicePage,
  });
  cachedRoute(app, endpoints.invoiceDetails, {
    answers,
    scope: (request) => ({ of: { invoiceId: request.params.id } }),
    read: (request) => getInvoiceDetails(readDepsOf(request, deps), callerOf(request), request.params.id),
    counted: (source) => invoiceReads.inc({ call: 'details', source }),
    write: writeInvoiceDetails,
  });
  route(app, endpoints.invoiceContent, async (request) =>
    getInvoiceContent(readDepsOf(request, deps), callerOf(request), request.params.invoiceId, request.query.summary !== undefined),
  );
  route(app, endpoints.balanceForward, async (request) => calculateBalanceForward(deps, callerOf(request), request.params.invoiceId));
  route(app, endpoints.invoiceChanges, async (request) =>
    getInvoiceChanges(readDepsOf(request, deps), callerOf(request), request.params.id, requestLanguage(request.headers['accept-language'])),
  );
  route(app, endpoints.invoice, async (request) => getInvoice(readDepsOf(request, deps), callerOf(request), request.params.id));
  providerInvoiceRoutes(app);
};
