/** Billing/*: the home model, an invoice's signed document links, and the downloads they open. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { writeHomeModel } from '../../http/answer-writers';
import { cachedRoute, createLedgerAnswers } from '../../http/ledger-cache';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { attachment } from '../../lib/document-format';
import { homeModelAnswers, homeModelCachedBytes } from '../../lib/metrics';
import { exportControlsOf, sendExport } from './export-stream';
import { readHomeModel } from './home-model';
import { readFamilyBalance } from './family-balance';
import { documentFileName, documentReader, getInvoiceUrls, invoiceCdrCsv, invoicePdf, openSignedInvoice } from './service';

export const billingRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  const exports = exportControlsOf(app);

  // The hottest call: cached while the account's ledger version is current.
  cachedRoute(app, endpoints.homeModel, {
    answers: createLedgerAnswers({ maxBytes: app.config.HOME_MODEL_CACHE_MB * 1024 * 1024, recordBytes: (bytes) => homeModelCachedBytes.set(bytes) }),
    scope: (request) => ({ of: { accountId: request.params.accountId } }),
    read: (request) => readHomeModel(readDepsOf(request, deps).db, callerOf(request), request.params.accountId, deps.clock.now()),
    counted: (source) => homeModelAnswers.inc({ source }),
    write: writeHomeModel,
  });

  route(app, endpoints.invoiceUrls, async (request) => getInvoiceUrls(deps, callerOf(request), request.params.invoiceId));

  route(app, endpoints.familyBalance, (request) => readFamilyBalance(readDepsOf(request, deps).db, callerOf(request), request.params.accountId, deps.clock.now()));

  route(app, endpoints.invoiceDocument, async (request, reply) => {
    const { invoiceId, document } = request.params;
    const reads = readDepsOf(request, deps);
    const invoice = await openSignedInvoice(reads, { invoiceId, kind: document, expires: request.query.expires, sig: request.query.sig });
    // Signed links are personal and short-lived: never cached by browsers or proxies.
    reply.header('cache-control', 'private, no-store');
    // Written for the account: its language (file name, texts) and, for the CDRs, its time zone.
    const reader = await documentReader(reads, invoice);
    const type = document === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8';
    reply.type(type).header('content-disposition', attachment(documentFileName(document, invoice, reader)));
    // HEAD answers the headers only: Fastify would otherwise drain a whole CDR export to discard it.
    if (request.method === 'HEAD') return reply.send();
    if (document === 'pdf') return reply.send(await invoicePdf(reads, invoice, reader));
    // A CSV streams for as long as the client reads, under the export budget. A signed link names no
    // person, so only the account's and the overall bounds apply.
    return sendExport(exports, { request, reply }, { accountId: invoice.accountId, userId: null }, () => invoiceCdrCsv(reads, invoice, reader));
  });
};
