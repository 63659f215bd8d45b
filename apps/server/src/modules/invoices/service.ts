/**
 * The spec's invoice calls. Each looks the invoice up through the caller's visible accounts, so
 * an unknown id, another account's invoice and a Draft or Void invoice all answer the same 404.
 */
import type { BalanceForward, endpoints, Invoice, InvoiceChanges, InvoiceContent, InvoiceDetails, PagedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import { invoices } from '../../db/schema';
import { notFound } from '../../errors';
import { pinnedId } from '../../filter';
import type { Caller } from '../../lib/caller';
import type { LedgerScope, Presenter, Versioned } from '../../http/ledger-cache';
import { documentLinks, type DocumentLinks } from '../../lib/document-links';
import { INVOICE_FIELDS } from './fields';
import { invoiceChanges } from './changes';
import type { DocumentLanguage } from '../../lib/language';
import {
  presentBalanceForward,
  presentInvoice,
  presentInvoiceContent,
  presentInvoiceDetails,
  presentInvoiceListItem,
  summarizeCharges,
} from './presenter';
import {
  findBillTo,
  findInvoiceDetails,
  findPostedInvoice,
  listChargeGroups,
  listPostedInvoices,
  sumBalanceForward,
  type InvoiceRow,
  type InvoiceWithOwingRow,
  type Page,
  type PostedInvoiceRow,
} from './repository';

const INVOICE = 'The invoice';

/** A Posted invoice the caller may see, or 404. */
export const requirePostedInvoice = async (db: PortalDb, caller: Caller, invoiceId: bigint): Promise<PostedInvoiceRow> => {
  const invoice = await findPostedInvoice(db, caller, invoiceId);
  if (!invoice) throw notFound(INVOICE);
  return invoice;
};

export type InvoicePage = Page<InvoiceWithOwingRow>;

/**
 * Invoice/items is cached only for a filter that pins one account (`AccountId==7 && …`, as the
 * invoices screen asks): whoever may see that account sees the same page.
 */
export const invoiceListScope = (query: PagedQuery): { of: LedgerScope; key: string } | undefined => {
  const accountId = pinnedId(query.dnfilter, INVOICE_FIELDS, invoices.accountId);
  if (accountId === undefined) return undefined;
  return { of: { accountId }, key: `${query.dnfilter}\n${query.orderby ?? ''}\n${query.skip}\n${query.take}\n${query.count}` };
};

/** Invoice/items: a page of the Posted invoices the caller may see; with a scope, the ledger version of its account read with it. */
export const readInvoicePage = async (
  { db }: Pick<Deps, 'db'>,
  caller: Caller,
  query: PagedQuery,
  scope: LedgerScope | undefined,
): Promise<Versioned<InvoicePage>> => {
  const versionOf = scope && 'accountId' in scope ? scope.accountId : undefined;
  const { rows, count, version } = await listPostedInvoices(db, caller, query, { versionOf });
  // An empty page carries no version (and a caller who may not see the account gets one).
  return { value: { rows, count }, version };
};

/** What one cached row holds on the heap, rounded up: an invoice row's strings, bigints and Date took 355 bytes in Node 20. */
const CACHED_ROW_BYTES = 400;

/**
 * A page with its document links signed for this minute (`documentLinksExpiry`): links signed in the
 * same minute expire alike, so within a minute a cached answer goes again as it is, and after it is
 * made again from the cached rows.
 */
export const invoicePagePresenter = ({ db, clock }: Pick<Deps, 'db' | 'clock'>): Presenter<typeof endpoints.invoices, InvoicePage, DocumentLinks> => ({
  context: () => documentLinks(db, clock),
  variant: (links) => links.expires,
  answer: (page, links) => ({
    value: page.rows.map((row) => presentInvoiceListItem(row, links.urls(row.id, ['pdf'])[0]!)),
    ...(page.count === undefined ? {} : { count: page.count }),
  }),
  bytes: (page) => page.rows.length * CACHED_ROW_BYTES,
});

export const getInvoice = async ({ db }: Pick<Deps, 'db'>, caller: Caller, invoiceId: bigint): Promise<Invoice> =>
  presentInvoice(await requirePostedInvoice(db, caller, invoiceId));

/** A Posted invoice the caller may see with the payments and credits on it, and its account's ledger version; 404 otherwise. */
export const getInvoiceDetails = async ({ db }: Pick<Deps, 'db'>, caller: Caller, invoiceId: bigint): Promise<Versioned<InvoiceDetails>> => {
  const found = await findInvoiceDetails(db, caller, invoiceId);
  if (!found) throw notFound(INVOICE);
  return { value: presentInvoiceDetails(found.invoice, found.payments, found.credits), version: found.version };
};

export const getInvoiceContent = async (
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
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

/** The balance carried forward to a Posted invoice, in the carrier's form, from the ledger. */
export const balanceForwardOf = async (db: PortalDb, invoice: InvoiceRow): Promise<BalanceForward> => {
  if (!invoice.postedDate) throw new Error(`Posted invoice ${invoice.id} has no posted date`);
  const [sums, groups] = await Promise.all([sumBalanceForward(db, { ...invoice, postedDate: invoice.postedDate }), listChargeGroups(db, invoice.id)]);
  return presentBalanceForward(invoice, sums, summarizeCharges(groups).taxes);
};

export const calculateBalanceForward = async ({ db }: Pick<Deps, 'db'>, caller: Caller, invoiceId: bigint): Promise<BalanceForward> =>
  balanceForwardOf(db, await requirePostedInvoice(db, caller, invoiceId));

/** Invoice/{id}/changes: what changed against the previous invoice, in the caller's language. */
export const getInvoiceChanges = async (
  { db }: Pick<Deps, 'db'>,
  caller: Caller,
  invoiceId: bigint,
  language: DocumentLanguage,
): Promise<InvoiceChanges> => invoiceChanges(db, await requirePostedInvoice(db, caller, invoiceId), language);
