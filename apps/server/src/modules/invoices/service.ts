/**
 * The invoice calls of spec §7. Each looks the invoice up through the caller's visible accounts, so
 * an unknown id, another account's invoice and a Draft or Void invoice all answer the same 404.
 */
import {
  endpoints,
  type BalanceForward,
  type Invoice,
  type InvoiceContent,
  type InvoiceDetails,
  type InvoiceListItem,
  type Paged,
  type PagedQuery,
} from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../../lib/caller';
import { documentLinks, type DocumentLinks } from '../../lib/document-links';
import { encodeAnswer } from '../../plugins/json';
import type { InvoicePage, KeptInvoiceReads, SentListAnswer } from './kept-reads';
import {
  presentBalanceForward,
  presentInvoice,
  presentInvoiceContent,
  presentInvoiceDetails,
  presentInvoiceListItem,
  summarizeCharges,
} from './presenter';
import { findBillTo, findPostedInvoice, listChargeGroups, sumBalanceForward, type PostedInvoiceRow } from './repository';

export interface InvoiceServiceDeps {
  db: PortalDb;
  clock: Clock;
}

const INVOICE = 'The invoice';

/** A Posted invoice the caller may see, or 404. */
export const requirePostedInvoice = async (db: PortalDb, caller: Caller, invoiceId: bigint): Promise<PostedInvoiceRow> => {
  const invoice = await findPostedInvoice(db, caller, invoiceId);
  if (!invoice) throw notFound(INVOICE);
  return invoice;
};

/** Invoice/items: the page as sent, its links signed for this minute (`documentLinksExpiry`). */
export const listInvoices = async (
  { db, clock, reads }: InvoiceServiceDeps & { reads: KeptInvoiceReads },
  caller: Caller,
  query: PagedQuery,
): Promise<SentListAnswer> => {
  const links = await documentLinks(db, clock);
  return reads.listAnswer(caller, query, links.expires, (page) =>
    encodeAnswer(endpoints.invoices.answer.schema, presentInvoicePage(page, links), 'the invoice list'),
  );
};

const presentInvoicePage = (page: InvoicePage, links: DocumentLinks): Paged<InvoiceListItem> => ({
  value: page.rows.map((row) => presentInvoiceListItem(row, links.urls(row.id, ['pdf'])[0]!)),
  ...(page.count === undefined ? {} : { count: page.count }),
});

export const getInvoice = async ({ db }: InvoiceServiceDeps, caller: Caller, invoiceId: bigint): Promise<Invoice> =>
  presentInvoice(await requirePostedInvoice(db, caller, invoiceId));

export const getInvoiceDetails = async (
  { reads }: { reads: KeptInvoiceReads },
  caller: Caller,
  invoiceId: bigint,
): Promise<InvoiceDetails> => {
  const found = await reads.details(caller, invoiceId);
  if (!found) throw notFound(INVOICE);
  return presentInvoiceDetails(found.invoice, found.payments, found.credits);
};

export const getInvoiceContent = async (
  { db, clock }: InvoiceServiceDeps,
  caller: Caller,
  invoiceId: bigint,
  withSummary: boolean,
): Promise<InvoiceContent> => {
  const invoice = await requirePostedInvoice(db, caller, invoiceId);
  const [billTo, groups] = await Promise.all([
    findBillTo(db, invoice.accountId, invoice.postedDate, clock.now()),
    withSummary ? listChargeGroups(db, invoice.id) : Promise.resolve(null),
  ]);
  // The account of a visible invoice exists (foreign key); a miss is a broken database, not a 404.
  if (!billTo) throw new Error(`Account ${invoice.accountId} of invoice ${invoice.id} is missing`);
  return presentInvoiceContent(billTo, groups ? summarizeCharges(groups) : null);
};

export const calculateBalanceForward = async (
  { db }: InvoiceServiceDeps,
  caller: Caller,
  invoiceId: bigint,
): Promise<BalanceForward> => {
  const invoice = await requirePostedInvoice(db, caller, invoiceId);
  if (!invoice.postedDate) throw new Error(`Posted invoice ${invoice.id} has no posted date`);
  return presentBalanceForward(invoice, await sumBalanceForward(db, { ...invoice, postedDate: invoice.postedDate }));
};
