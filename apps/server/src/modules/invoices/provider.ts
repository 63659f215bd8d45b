/**
 * The provider API's invoices (`/p/v1/invoices/{externalId}`): the provider's billing system posts an
 * invoice once under its own id; the same body again is answered as the first time, another one is
 * refused (docs/decisions/0018-provider-invoices.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, type ProviderInvoice, type ProviderInvoiceBody } from '@portal/contract';
import type { Deps } from '../../http/deps';
import { depsOf } from '../../http/deps';
import { clientOf, type ClientCaller } from '../../http/client-caller';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { conflict, invalidFields, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { clientActor, recordEvent } from '../../lib/events';
import { requestHash } from '../../lib/request-hash';
import { lockAccount } from '../../lib/account-lock';
import { applyUnappliedCreditsOnPosting } from '../../lib/unapplied-credits';
import { announcePostedInvoice } from './posted-notices';
import { invoiceBodyProblems, numberTaken } from './provider-rules';
import { findPostingLookup, findProviderInvoice, insertPostedInvoice, violatesUnique } from './provider-store';

export const IMMUTABLE_INVOICE =
  'This invoice is posted and cannot change. To correct it, post a credit (POST /p/v1/credits); a new invoice takes a new external id.';

export interface Posting {
  created: boolean;
  invoice: ProviderInvoice;
}

/** The invoice already under the external id, answered as the first time when `hash` is its body's, else refused. */
const repeatOf = async (db: Deps['db'], externalId: string, posted: { requestHash: string | null }, hash: string): Promise<Posting> => {
  if (posted.requestHash !== hash) throw conflict(IMMUTABLE_INVOICE);
  return { created: false, invoice: await getProviderInvoice(db, externalId) };
};

/**
 * Reads what it needs in one statement, then writes the posting in one transaction: the invoice rows in
 * one statement, its audit row, its `invoice.posted` event and its notice. Two postings of one external id
 * at once are ordered by the unique index on it (the second waits, then is answered as a repeat or 409).
 */
export const postProviderInvoice = async (
  deps: Pick<Deps, 'db' | 'outbox' | 'clock'>,
  client: ClientCaller,
  externalId: string,
  body: ProviderInvoiceBody,
): Promise<Posting> => {
  const hash = requestHash(body);
  const { posted, target } = await findPostingLookup(deps.db, externalId, body);
  if (posted) return repeatOf(deps.db, externalId, posted, hash);
  if (!target) throw invalidFields('The invoice cannot be posted.', { accountExternalId: `No account has the external id ${body.accountExternalId}.` });
  const problems = invoiceBodyProblems(body, { accountCurrency: target.currency, numberTaken: target.numberTaken });
  if (Object.keys(problems).length > 0) throw invalidFields(`The invoice cannot be posted: ${Object.values(problems).join(' ')}`, problems);

  const posting = deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // An account with unapplied credit is locked first, as every credit write locks it, so the posting
    // never upgrades the key-share lock its insert holds (two postings doing so would deadlock).
    if (target.unappliedCredit) await lockAccount(tx, target.accountId);
    const inserted = await insertPostedInvoice(tx, { accountId: target.accountId, externalId, requestHash: hash, body, at: now });
    if (!inserted) {
      // Another posting of this external id committed since the lookup.
      const { posted: first } = await findPostingLookup(tx, externalId, body);
      if (!first) throw new Error(`The posting of invoice ${externalId} conflicted with one that is not there.`);
      return repeatOf(tx, externalId, first, hash);
    }
    const { invoice } = inserted;
    // Without unapplied credit (the common case) nothing more is read or locked: insertPostedInvoice says why no credit is missed.
    if (target.unappliedCredit || inserted.unappliedCredit) await applyUnappliedCreditsOnPosting(tx, target.accountId, body.currency, now);
    await recordAudit(tx, {
      actorUserId: null,
      actorClientId: client.apiClientId,
      accountId: target.accountId,
      action: 'invoice.posted',
      entity: 'invoice',
      entityId: invoice.id,
      details: { externalId, invoiceNumber: body.number, amount: body.total, currency: body.currency },
    });
    await recordEvent(tx, {
      type: 'invoice.posted',
      accountId: target.accountId,
      actor: clientActor(client),
      data: { invoiceExternalId: externalId, number: body.number, total: body.total, currency: body.currency, dueDate: body.dueDate },
      at: now,
    });
    await announcePostedInvoice(
      { db: tx, outbox: deps.outbox },
      { id: String(invoice.id), account_id: String(target.accountId), invoice_number: body.number, amount: body.total, currency: body.currency, due_date: body.dueDate },
      now,
      target.language,
    );
    return { created: true, invoice };
  });
  return posting.catch(async (error: unknown) => {
    if (!violatesUnique(error, 'invoices_number_idx')) throw error;
    // Another invoice took the number since it was looked up: a posting of this same external id
    // (PostgreSQL may report the number's index before waiting on the external id's) or another one.
    const { posted: first } = await findPostingLookup(deps.db, externalId, body);
    if (first) return repeatOf(deps.db, externalId, first, hash);
    throw invalidFields('The invoice cannot be posted.', { number: numberTaken(body.number) });
  });
};

export const getProviderInvoice = async (db: Deps['db'], externalId: string): Promise<ProviderInvoice> => {
  const found = await findProviderInvoice(db, externalId);
  if (!found) throw notFound('The invoice');
  return found.invoice;
};

export const providerInvoiceRoutes = (app: FastifyInstance): void => {
  const deps = depsOf(app);
  route(app, endpoints.providerPostInvoice, async (request, reply) => {
    const { created, invoice } = await postProviderInvoice(deps, clientOf(request), request.params.externalId, request.body);
    return reply.code(created ? 201 : 200).send(invoice);
  });
  route(app, endpoints.providerInvoice, async (request) => getProviderInvoice(readDepsOf(request, { db: app.db, database: app.database }).db, request.params.externalId));
};
