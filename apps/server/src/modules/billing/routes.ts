/** Billing/* (spec §7): the home model, an invoice's signed document links, and the downloads they open. */
import type { FastifyInstance } from 'fastify';
import { endpoints, fromMinor, moneyFromDecimal, overdueByCurrency, todayIn, type CurrencyCode } from '@portal/contract';
import { timeZoneOfAddress } from '@portal/contract/regions';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { notFound } from '../../errors';
import { attachment } from '../../lib/document-format';
import { presentPayment } from '../payments';
import { exportBudgetOf } from './export-budget';
import { findHomeModel } from './home-model-repository';
import { documentFileName, documentReader, getInvoiceUrls, invoiceCdrCsv, invoicePdf, openSignedInvoice } from './service';

/** How many payments the dashboard and the payments screen show. */
export const RECENT_PAYMENT_COUNT = 50;

export const billingRoutes = async (app: FastifyInstance) => {
  const deps = {
    database: app.database,
    clock: app.clock,
    taxNumbers: { gstHst: app.config.TAX_GST_HST_NUMBER, qst: app.config.TAX_QST_NUMBER },
  };
  // As many exports as the export pool has connections, so a download never waits for one.
  const overall = app.database.exportPool?.options.max ?? app.config.EXPORT_CONNECTIONS;
  const exports = exportBudgetOf(app.database, { overall, perAccount: app.config.EXPORTS_PER_ACCOUNT });

  route(app, endpoints.homeModel, async (request) => {
    const now = app.clock.now();
    const model = await findHomeModel(app.db, callerOf(request), request.params.accountId, RECENT_PAYMENT_COUNT, now);
    if (!model) throw notFound('The account');
    // "Today" where the customer lives (their billing address's time zone), as every invoice state uses.
    const overdue = overdueByCurrency(model.openInvoices, todayIn(timeZoneOfAddress(model.billingAddress), now));
    return {
      balances: model.balances.map((b) => ({ amount: moneyFromDecimal(b.amount), currency: { code: b.currency as CurrencyCode } })),
      recentPayments: model.recentPayments.map(presentPayment),
      paymentDueDate: model.openInvoices[0]?.dueDate ?? null,
      overdue: overdue.map((o) => ({ amount: fromMinor(o.owingMinor), currency: { code: o.currency }, since: o.since })),
    };
  });

  route(app, endpoints.invoiceUrls, async (request) => getInvoiceUrls(deps, callerOf(request), request.params.invoiceId));

  route(app, endpoints.invoiceDocument, async (request, reply) => {
    const { invoiceId, document } = request.params;
    const invoice = await openSignedInvoice(deps, { invoiceId, kind: document, expires: request.query.expires, sig: request.query.sig });
    // Signed links are personal and short-lived: never cached by browsers or proxies.
    reply.header('cache-control', 'private, no-store');
    // Written for the account: its language (file name, texts) and, for the CDRs, its time zone.
    const reader = await documentReader(deps, invoice);
    const type = document === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8';
    reply.type(type).header('content-disposition', attachment(documentFileName(document, invoice, reader)));
    // HEAD answers the headers only: Fastify would otherwise drain a whole CDR export to discard it.
    if (request.method === 'HEAD') return reply.send();
    if (document === 'pdf') return reply.send(await invoicePdf(deps, invoice, reader));
    // A CSV streams for as long as the client reads: it holds an export slot until it closes.
    const release = exports.take(invoice.accountId);
    try {
      const csv = await invoiceCdrCsv(deps, invoice, reader);
      csv.once('close', release);
      return reply.send(csv);
    } catch (error) {
      release();
      throw error;
    }
  });
};
