/** Billing/* (spec §7): the home model, an invoice's signed document links, and the downloads they open. */
import type { FastifyInstance } from 'fastify';
import { endpoints, fromMinor, moneyFromDecimal, overdueByCurrency, todayIn, type CurrencyCode } from '@portal/contract';
import { timeZoneOfAddress } from '@portal/contract/regions';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { notFound } from '../../errors';
import { attachment } from '../../lib/document-format';
import { presentPayment } from '../payments';
import { homeModelAnswers, homeModelKeptBytes } from '../../lib/metrics';
import { createVersionedCache } from '../../lib/versioned-cache';
import { answerEncoding, compressAnswer, type AnswerEncoding } from '../../plugins/compression';
import { encodeAnswer } from '../../plugins/json';
import { exportBudgetOf } from './export-budget';
import { findHomeModel, findHomeModelVersion, type HomeModelRows } from './home-model-repository';
import { documentFileName, documentReader, getInvoiceUrls, invoiceCdrCsv, invoicePdf, openSignedInvoice } from './service';

/** How many payments the dashboard and the payments screen show. */
export const RECENT_PAYMENT_COUNT = 50;

/** A home model answer as sent, and the day (where the customer lives) its overdue lines were worked out for. */
interface KeptHomeModel {
  answer: string;
  timeZone: string;
  today: string;
  /** The answer compressed, made the first time a client asks for each encoding. */
  compressed: Partial<Record<AnswerEncoding, Buffer>>;
}

const presentHomeModel = (model: HomeModelRows, today: string) => {
  const overdue = overdueByCurrency(model.openInvoices, today);
  return {
    balances: model.balances.map((b) => ({ amount: moneyFromDecimal(b.amount), currency: { code: b.currency as CurrencyCode } })),
    recentPayments: model.recentPayments.map(presentPayment),
    paymentDueDate: model.openInvoices[0]?.dueDate ?? null,
    overdue: overdue.map((o) => ({ amount: fromMinor(o.owingMinor), currency: { code: o.currency }, since: o.since })),
  };
};

export const billingRoutes = async (app: FastifyInstance) => {
  const deps = {
    database: app.database,
    clock: app.clock,
    taxNumbers: { gstHst: app.config.TAX_GST_HST_NUMBER, qst: app.config.TAX_QST_NUMBER },
  };
  // As many exports as the export pool has connections, so a download never waits for one.
  const overall = app.database.exportPool?.options.max ?? app.config.EXPORT_CONNECTIONS;
  const exports = exportBudgetOf(app.database, { overall, perAccount: app.config.EXPORTS_PER_ACCOUNT });

  // The hottest call: each account's answer is kept with the home model version it was read at and
  // served again while a primary-key read (access folded in) finds that version still current, on the
  // same day where the customer lives, and before a dated billing address link starts or ends.
  const homeModels = createVersionedCache<KeptHomeModel>({
    maxBytes: app.config.HOME_MODEL_CACHE_MB * 1024 * 1024,
    sizeOf: (kept) => kept.answer.length + (kept.compressed.br?.length ?? 0) + (kept.compressed.gzip?.length ?? 0),
  });
  route(app, endpoints.homeModel, async (request, reply) => {
    const caller = callerOf(request);
    const { accountId } = request.params;
    const now = app.clock.now();
    const key = String(accountId);
    // Already JSON, compressed here once per encoding rather than per request as @fastify/compress
    // would (it leaves an answer with a Content-Encoding alone).
    const send = (kept: KeptHomeModel) => {
      reply.type('application/json; charset=utf-8');
      const encoding = answerEncoding(request.headers['accept-encoding'], kept.answer.length);
      if (!encoding) return reply.send(kept.answer);
      if (!kept.compressed[encoding]) {
        kept.compressed[encoding] = compressAnswer(kept.answer, encoding);
        homeModels.resize(key);
        homeModelKeptBytes.set(homeModels.bytes);
      }
      return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(kept.compressed[encoding]);
    };
    if (homeModels.has(key)) {
      const version = await findHomeModelVersion(app.db, caller, accountId);
      if (version === undefined) throw notFound('The account');
      const kept = homeModels.get(key, version, now.getTime());
      if (kept && todayIn(kept.timeZone, now) === kept.today) {
        homeModelAnswers.inc({ source: 'kept' });
        return send(kept);
      }
    }
    const model = await findHomeModel(app.db, caller, accountId, RECENT_PAYMENT_COUNT, now);
    if (!model) throw notFound('The account');
    // "Today" where the customer lives (their billing address's time zone), as every invoice state uses.
    const timeZone = timeZoneOfAddress(model.billingAddress);
    const today = todayIn(timeZone, now);
    const answer = encodeAnswer(endpoints.homeModel.answer.schema, presentHomeModel(model, today), 'the home model');
    const kept: KeptHomeModel = { answer, timeZone, today, compressed: {} };
    homeModels.set(key, model.version, kept, model.billingAddressChangesAt ?? Infinity);
    homeModelAnswers.inc({ source: 'database' });
    homeModelKeptBytes.set(homeModels.bytes);
    return send(kept);
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
