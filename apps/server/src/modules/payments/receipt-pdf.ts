/**
 * A successful payment's receipt as a printable, tagged PDF, drawn like the invoice (the same page, brand
 * block, tax registrations and footers): its receipt number and the payment's reference, the invoices it
 * paid, and what the account still owed after it. Pure apart from pdfkit: data in, bytes out.
 */
import { toMinor, minorToDecimal } from '@portal/contract';
import { formatDate, formatPeriod } from '../../lib/document-format';
import { DocumentLayout } from '../../lib/pdf-layout';
import {
  INK,
  LEFT,
  RIGHT,
  ROW,
  amountBox,
  cell,
  font,
  partyBlock,
  renderPdf,
  rule,
  smallPrint,
  smallPrintHeight,
  type Doc,
  type Struct,
} from '../../lib/pdf-primitives';
import { TaggedTable } from '../../lib/pdf-tags';
import type { ReceiptPdfData } from './receipt-data';
import { RECEIPT_TEXTS, REFUND_RECEIPT_TEXTS, type ReceiptTexts } from './receipt-texts';

/** A refund's receipt speaks of the refund (docs/decisions/0036-refunds-and-pay-all.md). */
const textsOf = (data: ReceiptPdfData): ReceiptTexts => (data.refundOf ? REFUND_RECEIPT_TEXTS : RECEIPT_TEXTS)[data.language];

const COLUMNS = {
  invoice: { x: LEFT + 6, width: 130 },
  period: { x: LEFT + 142, width: 170 },
  dueDate: { x: LEFT + 318, width: 90 },
  applied: { x: LEFT + 414, width: RIGHT - (LEFT + 414) - 6 },
};

class ReceiptLayout extends DocumentLayout {
  readonly t: ReceiptTexts;
  constructor(
    doc: Doc,
    root: Struct,
    readonly data: ReceiptPdfData,
  ) {
    const t = textsOf(data);
    super(doc, root, data, t.receipt(data.receiptNumber));
    this.t = t;
  }

  /** The payment's day where the customer lives. */
  paymentDay(): string {
    return formatDate(this.data.paymentDate, this.data.language, this.data.timeZone);
  }

  firstPageHeader(): void {
    const { data, t } = this;
    this.header(
      (tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`,
      t.receiptTitle,
      [
        [t.receiptNumber, data.receiptNumber],
        ...(data.refundOf ? [[t.refundOf, data.refundOf] as const] : []),
        ...(data.paymentReference ? [[t.paymentReference, data.paymentReference] as const] : []),
        [t.accountNumber, data.accountNumber],
        [t.paymentDate, this.paymentDay()],
        [t.paymentMethod, data.card ? t.card(data.card.brand, data.card.last4) : data.offlineMethod || data.description || t.payment],
        // Left of the invoice's facts: a card processor's reference is up to 30 characters.
      ],
      104,
      LEFT + 236,
    );
  }

  receivedFromAndAmount(): void {
    const { doc, data, t } = this;
    const top = this.y;
    const y = partyBlock(doc, this.root, top, t.receivedFrom, data.receivedFrom);
    const boxBottom = amountBox(doc, this.root, top, {
      heading: t.amountPaidHeading,
      amount: this.money(data.amount),
      note: `${t.paidOn(this.paymentDay())}  ·  ${data.currency}`,
      accent: data.brand.accent,
    });
    this.y = Math.max(y, boxBottom) + 22;
  }

  invoices(): void {
    const { doc, data, t } = this;
    const { columns } = t;
    this.section(t.invoicesPaid);
    if (data.invoices.length === 0) {
      this.note(t.noInvoices);
    } else {
      const table = this.table([
        [columns.invoice, COLUMNS.invoice, 'left'],
        [columns.period, COLUMNS.period, 'left'],
        [columns.dueDate, COLUMNS.dueDate, 'left'],
        [columns.applied, COLUMNS.applied, 'right'],
      ]);
      for (const invoice of data.invoices)
        table.row(() => [
          this.text(invoice.invoiceNumber, COLUMNS.invoice),
          this.text(formatPeriod(invoice.startDate, invoice.endDate, data.language), COLUMNS.period, 'left', 'muted'),
          this.text(formatDate(invoice.dueDate, data.language), COLUMNS.dueDate, 'left', 'muted'),
          this.text(this.money(invoice.applied), COLUMNS.applied, 'right'),
        ]);
      table.end();
    }
    rule(doc, this.y + 2);
    this.y += 10;
  }

  /** A pay-all payment's accounts and each one's share. */
  shares(): void {
    const { data, t } = this;
    if (data.shares.length === 0) return;
    this.section(t.accountsPaid);
    const table = this.table([
      [t.shareColumns.account, COLUMNS.invoice, 'left'],
      [t.shareColumns.amount, COLUMNS.applied, 'right'],
    ]);
    for (const share of data.shares) table.row(() => [this.text(share.accountNumber, COLUMNS.invoice), this.text(this.money(share.amount), COLUMNS.applied, 'right')]);
    table.end();
    this.y += 10;
  }

  /** The remaining balance in words: owed, or in credit. */
  balanceText(): string {
    const { data, t } = this;
    const minor = toMinor(data.remainingBalance);
    return minor < 0n ? t.inCredit(this.money(minorToDecimal(-minor))) : this.money(data.remainingBalance);
  }

  /** Total applied and the balance remaining, then the closing note: kept on one page together. */
  totalsAndNote(): void {
    const { doc, data, t } = this;
    const note = t.closingNote(data.brand.supportPhone, data.brand.supportEmail);
    this.ensure(ROW * 2 + 30 + smallPrintHeight(doc, note));
    const table = new TaggedTable(doc, this.root);
    for (const [label, value] of [
      [t.totalApplied, this.money(data.totalApplied)],
      [t.remainingBalance, this.balanceText()],
    ] as const) {
      const y = this.y;
      table.row(
        [
          () => {
            font(doc, 'Helvetica-Bold', 11, INK);
            doc.text(label, LEFT + 200, y, { lineBreak: false });
          },
          () => {
            font(doc, 'Helvetica-Bold', 11);
            cell(doc, value, COLUMNS.applied.x - 60, y, COLUMNS.applied.width + 60, 'right');
          },
        ],
        { rowHeader: true },
      );
      this.y += ROW + 4;
    }
    table.end();
    this.y += 14;
    smallPrint(doc, this.root, note, this.y);
  }
}

/** Renders the receipt; resolves with the whole PDF. */
export const renderReceiptPdf = (data: ReceiptPdfData): Promise<Buffer> =>
  renderPdf(
    { title: textsOf(data).receipt(data.receiptNumber), author: data.brand.name, language: data.language },
    (doc, root) => {
      const layout = new ReceiptLayout(doc, root, data);
      layout.firstPageHeader();
      layout.receivedFromAndAmount();
      layout.shares();
      layout.invoices();
      layout.totalsAndNote();
      layout.footers(layout.t.page);
    },
  );
