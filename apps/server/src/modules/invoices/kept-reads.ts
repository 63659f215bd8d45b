/**
 * Invoice list pages and invoice details kept with the home model version of their account they were
 * read at (ARCHITECTURE.md, Data). Everything they show — invoices, what each owes, the count, the
 * payments assigned — changes only with writes that move that version, and nothing in them depends on
 * the clock, so a read is answered again while a primary-key read (the caller's access folded in)
 * finds the version unchanged. A list is kept only when its filter pins one account
 * (`AccountId==7 && …`, as the invoices screen asks): whoever may see that account sees the same page.
 * What is kept are the rows; links are signed and answers presented per request.
 */
import type { PagedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { invoices } from '../../db/schema';
import { pinnedId } from '../../filter';
import type { Caller } from '../../http/caller';
import { findHomeModelVersion } from '../../lib/home-model-versions';
import { invoiceReads, invoiceKeptBytes } from '../../lib/metrics';
import { createVersionedCache } from '../../lib/versioned-cache';
import { INVOICE_FIELDS } from './fields';
import { findInvoiceDetails, findInvoiceVersion, listPostedInvoices, type InvoiceDetailsRows, type InvoiceWithOwingRow, type Page } from './repository';

/** What one kept row holds on the heap, rounded up: an invoice row's strings, bigints and Date took 355 bytes in Node 20. */
const KEPT_ROW_BYTES = 400;

type InvoicePage = Page<InvoiceWithOwingRow>;
type InvoiceDetails = Omit<InvoiceDetailsRows, 'version'>;
type Kept = { page: InvoicePage } | { details: InvoiceDetails };

const sizeOf = (kept: Kept): number =>
  'page' in kept ? 200 + kept.page.rows.length * KEPT_ROW_BYTES : 200 + (1 + kept.details.payments.length) * KEPT_ROW_BYTES;

export type KeptInvoiceReads = ReturnType<typeof createKeptInvoiceReads>;

export const createKeptInvoiceReads = ({ db, maxBytes }: { db: PortalDb; maxBytes: number }) => {
  const kept = createVersionedCache<Kept>({ maxBytes, sizeOf });
  const counted = (call: 'list' | 'details', source: 'kept' | 'database') => {
    invoiceReads.inc({ call, source });
    if (source === 'database') invoiceKeptBytes.set(kept.bytes);
  };

  return {
    /** The page `query` asks for, as the caller may see it. */
    async page(caller: Caller, query: PagedQuery): Promise<InvoicePage> {
      const accountId = pinnedId(query.dnfilter, INVOICE_FIELDS, invoices.accountId);
      if (accountId === undefined) return listPostedInvoices(db, caller, query);
      const key = `list\n${accountId}\n${query.dnfilter}\n${query.orderby ?? ''}\n${query.skip}\n${query.take}\n${query.count}`;
      // A kept key's filter and order compiled before, so its account id is a valid one.
      if (kept.has(key)) {
        const version = await findHomeModelVersion(db, caller, accountId);
        const found = version === undefined ? undefined : kept.get(key, version, 0);
        if (found && 'page' in found) {
          counted('list', 'kept');
          return found.page;
        }
      }
      const { rows, count, version } = await listPostedInvoices(db, caller, query, { versionOf: accountId });
      // An empty page carries no version (and a caller who may not see the account gets one).
      if (version !== undefined) kept.set(key, version, { page: { rows, count } }, Infinity);
      counted('list', 'database');
      return { rows, count };
    },

    /** A Posted invoice the caller may see with the payments assigned to it; undefined otherwise. */
    async details(caller: Caller, invoiceId: bigint): Promise<InvoiceDetails | undefined> {
      const key = `details\n${invoiceId}`;
      if (kept.has(key)) {
        const version = await findInvoiceVersion(db, caller, invoiceId);
        if (version === undefined) return undefined;
        const found = kept.get(key, version, 0);
        if (found && 'details' in found) {
          counted('details', 'kept');
          return found.details;
        }
      }
      const read = await findInvoiceDetails(db, caller, invoiceId);
      if (!read) return undefined;
      const details = { invoice: read.invoice, payments: read.payments };
      kept.set(key, read.version, { details }, Infinity);
      counted('details', 'database');
      return details;
    },
  };
};
