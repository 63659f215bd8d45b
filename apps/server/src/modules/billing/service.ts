/**
 * Invoice documents: signed links for a caller who may see the invoice, and the downloads those
 * links open (no session: the link's signature, bound to invoice, document and expiry, is the key).
 */
import { Readable } from 'node:stream';
import type { BillDelivery, DocumentKind, InvoiceUrls } from '@portal/contract';
import { HttpError, forbidden, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { isPastRetention } from '../../lib/call-record-retention';
import { csvField, UTF8_BOM } from '../../lib/csv';
import { documentLanguage } from '../../lib/language';
import {
  balanceForwardOf,
  findBillTo,
  invoiceChanges,
  findPostedInvoiceById,
  listInvoiceCharges,
  listReceivableCredits,
  listReceivablePayments,
  requirePostedInvoice,
  type BillToRow,
  type PostedInvoiceRow,
} from '../invoices';
import { BRAND } from './brand';
import { cdrCsvStream, hasCallRecords } from './cdr-export';
import { renderInvoicePdf } from './invoice-pdf';
import { documentLinkKey, documentLinks } from '../../lib/document-links';
import { DOCUMENT_TEXTS } from './document-texts';
import { invoicePdfData } from './pdf-data';
import { taxNumbersOf } from '../../lib/tax-registrations';
import { checkDocumentLink } from '../../lib/document-signature';

export const INVALID_LINK = 'This download link is not valid. Open the invoice again to get a new link.';
export const EXPIRED_LINK = 'This download link has expired. Open the invoice again to get a new link.';

/** Billing/InvoiceURLs: PDF and CDR links of a Posted invoice the caller may see. */
export const getInvoiceUrls = async (
  { database, clock }: Pick<Deps, 'database' | 'clock'>,
  caller: Caller,
  invoiceId: bigint,
): Promise<InvoiceUrls> => {
  const invoice = await requirePostedInvoice(database.db, caller, invoiceId);
  const links = await documentLinks(database.db, clock);
  return { urls: links.urls(invoice.id, ['pdf', 'cdrs']) };
};

/**
 * The invoice a signed link opens: 403 for a forged or altered link, 410 for an expired one, 404
 * when the invoice is no longer Posted (a voided invoice's old links stop working).
 */
export const openSignedInvoice = async (
  { database, clock }: Pick<Deps, 'database' | 'clock'>,
  link: { invoiceId: bigint; kind: DocumentKind; expires: string | undefined; sig: string | undefined },
): Promise<PostedInvoiceRow> => {
  const key = await documentLinkKey(database.db);
  const check = checkDocumentLink(key, link, Math.floor(clock.now().getTime() / 1000));
  if (check === 'invalid') throw forbidden(INVALID_LINK);
  if (check === 'expired') throw new HttpError(410, EXPIRED_LINK);
  const invoice = await findPostedInvoiceById(database.db, link.invoiceId);
  if (!invoice) throw notFound('The invoice');
  return invoice;
};

/** Whom an invoice's documents are written for: its account's names, language and billing address. */
export const documentReader = async ({ database, clock }: Pick<Deps, 'database' | 'clock'>, invoice: PostedInvoiceRow): Promise<BillToRow> => {
  const billTo = await findBillTo(database.db, invoice.accountId, invoice.postedDate, clock.now());
  if (!billTo) throw new Error(`Account ${invoice.accountId} of invoice ${invoice.id} is missing`);
  return billTo;
};

/** The download's file name, in the account's language ("Invoice-…pdf" / "Facture-…pdf"). */
export const documentFileName = (kind: DocumentKind, invoice: PostedInvoiceRow, reader: BillToRow): string => {
  const texts = DOCUMENT_TEXTS[documentLanguage(reader.language)];
  return kind === 'pdf' ? texts.pdfFileName(invoice.invoiceNumber) : texts.cdrFileName(invoice.invoiceNumber);
};

export const invoicePdf = async (
  { database, clock, config }: Pick<Deps, 'database' | 'clock' | 'config'>,
  invoice: PostedInvoiceRow,
  billTo: BillToRow,
): Promise<Buffer> => {
  const db = database.db;
  const [charges, payments, credits, changes, forward] = await Promise.all([
    listInvoiceCharges(db, invoice.id),
    listReceivablePayments(db, invoice.receivableId),
    listReceivableCredits(db, invoice.receivableId),
    invoiceChanges(db, invoice, documentLanguage(billTo.language)),
    balanceForwardOf(db, invoice),
  ]);
  return renderInvoicePdf(
    invoicePdfData({ brand: BRAND, invoice, billTo, charges, payments, credits, changes, forward, taxNumbers: taxNumbersOf(config), now: clock.now() }),
  );
};

/**
 * How an invoice's "ready" email goes, as its account chose: paper (none), the PDF attached (drawn now, so
 * the outbox never holds it), or the link; null when the invoice is no longer Posted.
 */
export const invoiceForMail = async (deps: Pick<Deps, 'database' | 'clock' | 'config'>, invoiceId: bigint): Promise<InvoiceMail | null> => {
  const invoice = await findPostedInvoiceById(deps.database.db, invoiceId);
  if (!invoice) return null;
  const billTo = await documentReader(deps, invoice);
  if (billTo.billDelivery !== 'emailPdf') return { delivery: billTo.billDelivery, file: null };
  return { delivery: 'emailPdf', file: { fileName: documentFileName('pdf', invoice, billTo), pdf: await invoicePdf(deps, invoice, billTo) } };
};

export interface InvoiceMail {
  delivery: BillDelivery;
  file: { fileName: string; pdf: Buffer } | null;
}

/**
 * The CDRs in the account's language and time zone (its billing address's); for an invoice past
 * USAGE_RETENTION_MONTHS whose records are gone, a file that says they are no longer kept.
 */
export const invoiceCdrCsv = async (
  { database, clock, config }: Pick<Deps, 'database' | 'clock' | 'config'>,
  invoice: PostedInvoiceRow,
  billTo: BillToRow,
): Promise<Readable> => {
  const language = documentLanguage(billTo.language);
  const months = config.USAGE_RETENTION_MONTHS;
  if (isPastRetention(invoice.endDate, clock.now(), months) && !(await hasCallRecords(database.db, invoice.id)))
    return Readable.from([`${UTF8_BOM}${csvField(DOCUMENT_TEXTS[language].cdrsNoLongerKept(months))}\r\n`]);
  return cdrCsvStream(database, invoice.id, { language, timeZone: billTo.timeZone });
};
