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
import { conflict, invalidFields, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { requestHash } from '../../lib/request-hash';
import { applyUnappliedCreditsOnPosting } from '../../lib/unapplied-credits';
import { announcePostedInvoice } from './posted-notices';
import { invoiceBodyProblems, numberTaken } from './provider-rules';
import { findPostingTarget, findProviderInvoice, insertPostedInvoice, lockExternalId, violatesUnique } from './provider-store';

export const IMMUTABLE_INVOICE =
  'This invoice is posted and cannot change. To correct it, post a credit (POST /p/v1/credits); a new invoice takes a new external id.';

export interface Posting {
  created: boolean;
  invoice: ProviderInvoice;
}

export const postProviderInvoice = (
  deps: Pick<Deps, 'db' | 'outbox' | 'clock'>,
  client: ClientCaller,
  externalId: string,
  body: ProviderInvoiceBody,
): Promise<Posting> => {
  const hash = requestHash(body);
  return deps.db.transaction(async (tx) => {
    await lockExternalId(tx, externalId);
    const posted = await findProviderInvoice(tx, externalId);
    if (posted) {
      if (posted.requestHash !== hash) throw conflict(IMMUTABLE_INVOICE);
      return { created: false, invoice: posted.invoice };
    }
    const target = await findPostingTarget(tx, body.accountExternalId, body.number);
    if (!target) throw invalidFields('The invoice cannot be posted.', { accountExternalId: `No account has the external id ${body.accountExternalId}.` });
    const problems = invoiceBodyProblems(body, { accountCurrency: target.currency, numberTaken: target.numberTaken });
    if (Object.keys(problems).length > 0) throw invalidFields(`The invoice cannot be posted: ${Object.values(problems).join(' ')}`, problems);

    const now = deps.clock.now();
    const invoice = await insertPostedInvoice(tx, { accountId: target.accountId, externalId, requestHash: hash, body, at: now }).catch((error: unknown) => {
      // Another invoice took the number since it was looked up.
      if (violatesUnique(error, 'invoices_number_idx')) throw invalidFields('The invoice cannot be posted.', { number: numberTaken(body.number) });
      throw error;
    });
    await applyUnappliedCreditsOnPosting(tx, target.accountId, body.currency, now);
    await recordAudit(tx, {
      actorUserId: null,
      actorClientId: client.apiClientId,
      accountId: target.accountId,
      action: 'invoice.posted',
      entity: 'invoice',
      entityId: invoice.id,
      details: { externalId, invoiceNumber: body.number, amount: body.total, currency: body.currency },
    });
    await announcePostedInvoice(
      { db: tx, outbox: deps.outbox },
      { id: String(invoice.id), account_id: String(target.accountId), invoice_number: body.number, amount: body.total, currency: body.currency, due_date: body.dueDate },
      now,
    );
    return { created: true, invoice };
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
  route(app, endpoints.providerInvoice, async (request) => getProviderInvoice(app.db, request.params.externalId));
};
