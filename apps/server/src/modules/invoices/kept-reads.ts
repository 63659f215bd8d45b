/**
 * Invoice list pages and invoice details kept with the home model version of their account they were
 * read at (ARCHITECTURE.md, Data). Everything they show — invoices, what each owes, the count, the
 * payments assigned — changes only with writes that move that version, and nothing in them depends on
 * the clock, so a read is answered again while a primary-key read (the caller's access folded in)
 * finds the version unchanged. A list is kept only when its filter pins one account
 * (`AccountId==7 && …`, as the invoices screen asks): whoever may see that account sees the same page.
 * A list page also keeps its answer as sent, with the expiry of the links signed into it: links signed
 * in the same minute expire alike (`documentLinksExpiry`), so within a minute the answer goes again as
 * it is (compressed once per encoding), and after it is made again from the kept rows.
 */
import type { PagedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { invoices } from '../../db/schema';
import { pinnedId } from '../../filter';
import type { Caller } from '../../lib/caller';
import { findHomeModelVersion } from '../../lib/home-model-versions';
import { invoiceReads, invoiceKeptBytes } from '../../lib/metrics';
import { createVersionedCache } from '../../lib/versioned-cache';
import type { EncodedAnswer } from '../../plugins/compression';
import { INVOICE_FIELDS } from './fields';
import {
  findInvoiceDetails,
  findInvoiceVersion,
  listPostedInvoices,
  type InvoiceDetailsRows,
  type InvoiceWithOwingRow,
  type Page,
} from './repository';

/** What one kept row holds on the heap, rounded up: an invoice row's strings, bigints and Date took 355 bytes in Node 20. */
const KEPT_ROW_BYTES = 400;

export type InvoicePage = Page<InvoiceWithOwingRow>;
type InvoiceDetails = Omit<InvoiceDetailsRows, 'version'>;

/** An invoice list answer as sent, and when the links signed into it expire. */
export interface InvoiceListAnswer extends EncodedAnswer {
  expires: number;
}

type Kept = { page: InvoicePage; answer?: InvoiceListAnswer } | { details: InvoiceDetails };

const answerBytes = (answer: InvoiceListAnswer | undefined): number =>
  answer ? answer.json.length + (answer.compressed.br?.length ?? 0) + (answer.compressed.gzip?.length ?? 0) : 0;

const sizeOf = (kept: Kept): number =>
  'page' in kept
    ? 200 + kept.page.rows.length * KEPT_ROW_BYTES + answerBytes(kept.answer)
    : 200 + (1 + kept.details.payments.length + kept.details.credits.length) * KEPT_ROW_BYTES;

/** What to send, and what to call when a compressed encoding was added to it. */
export interface SentListAnswer {
  answer: InvoiceListAnswer;
  grew: () => void;
}

const NOTHING_KEPT = () => undefined;

export type KeptInvoiceReads = ReturnType<typeof createKeptInvoiceReads>;

export const createKeptInvoiceReads = ({ db, maxBytes }: { db: PortalDb; maxBytes: number }) => {
  const kept = createVersionedCache<Kept>({ maxBytes, sizeOf });
  const counted = (call: 'list' | 'details', source: 'kept' | 'database') => {
    invoiceReads.inc({ call, source });
    if (source === 'database') invoiceKeptBytes.set(kept.bytes);
  };

  return {
    /**
     * The answer to `query` as the caller may see it, with links expiring at `expires`: kept, or made by
     * `encode` from the page (kept or read afresh).
     */
    async listAnswer(
      caller: Caller,
      query: PagedQuery,
      expires: number,
      encode: (page: InvoicePage) => string,
    ): Promise<SentListAnswer> {
      const accountId = pinnedId(query.dnfilter, INVOICE_FIELDS, invoices.accountId);
      const made = (page: InvoicePage): InvoiceListAnswer => ({ json: encode(page), compressed: {}, expires });
      if (accountId === undefined) return { answer: made(await listPostedInvoices(db, caller, query)), grew: NOTHING_KEPT };
      const key = `list\n${accountId}\n${query.dnfilter}\n${query.orderby ?? ''}\n${query.skip}\n${query.take}\n${query.count}`;
      const grew = () => {
        kept.resize(key);
        invoiceKeptBytes.set(kept.bytes);
      };
      // A kept key's filter and order compiled before, so its account id is a valid one.
      if (kept.has(key)) {
        const version = await findHomeModelVersion(db, caller, accountId);
        const found = version === undefined ? undefined : kept.get(key, version, 0);
        if (found && 'page' in found) {
          counted('list', 'kept');
          if (found.answer?.expires !== expires) {
            found.answer = made(found.page);
            grew();
          }
          return { answer: found.answer, grew };
        }
      }
      const { rows, count, version } = await listPostedInvoices(db, caller, query, { versionOf: accountId });
      const page = { rows, count };
      const answer = made(page);
      // An empty page carries no version (and a caller who may not see the account gets one).
      if (version !== undefined) kept.set(key, version, { page, answer }, Infinity);
      counted('list', 'database');
      return { answer, grew };
    },

    /** A Posted invoice the caller may see with the payments assigned to it and its credits; undefined otherwise. */
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
      const details = { invoice: read.invoice, payments: read.payments, credits: read.credits };
      kept.set(key, read.version, { details }, Infinity);
      counted('details', 'database');
      return details;
    },
  };
};
