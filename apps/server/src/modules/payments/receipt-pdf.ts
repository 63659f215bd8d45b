/**
 * A successful payment's receipt as a printable, tagged PDF, drawn like the invoice (the same page, brand
 * block, tax registrations and footers): its receipt number and the payment's reference, the invoices it
 * paid, and what the account still owed after it. Pure apart from pdfkit: data in, bytes out.
 */
import { toMinor, minorToDecimal } from '@portal/contract';
import { formatDate, formatMoney, formatPeriod } from '../../lib/document-format';
import {
  CONTENT_BOTTOM,
  INK,
  LEFT,
  MUTED,
  RIGHT,
  ROW,
  amountBox,
  cell,
  continuationHeader,
  documentHeader,
  font,
  headingFont,
  pageFooters,
  partyBlock,
  renderPdf,
  rule,
  sectionHeading,
  smallPrint,
  smallPrintHeight,
  tableBand,
  type Doc,
  type Struct,
} from '../../lib/pdf-primitives';
import { leaf, TaggedTable } from '../../lib/pdf-tags';
import type { ReceiptPdfData } from './receipt-data';
import { RECEIPT_TEXTS, type ReceiptTexts } from './receipt-texts';

const COLUMNS = {
  invoice: { x: LEFT + 6, width: 130 },
  period: { x: LEFT + 142, width: 170 },
  dueDate: { x: LEFT + 318, width: 90 },
  applied: { x: LEFT + 414, width: RIGHT - (LEFT + 414) - 6 },
};

class Layout {
  y = 0;
  readonly t: ReceiptTexts;
  constructor(
    readonly doc: Doc,
    readonly root: Struct,
    readonly data: ReceiptPdfData,
  ) {
    this.t = RECEIPT_TEXTS[data.language];
  }

  money(amount: string): string {
    return formatMoney(amount, this.data.currency, this.data.language);
  }

  /** The payment's day where the customer lives. */
  paymentDay(): string {
    return formatDate(this.data.paymentDate, this.data.language, this.data.timeZone);
  }

  /** Starts a new page when `height` more points do not fit; returns whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.y = continuationHeader(this.doc, this.data.brand, this.t.receipt(this.data.receiptNumber));
    return true;
  }

  header(): void {
    const { doc, data, t } = this;
    this.y = documentHeader(
      doc,
      this.root,
      data.brand,
      data.taxRegistrations.map((tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`),
      t.receiptTitle,
      [
        [t.receiptNumber, data.receiptNumber],
        ...(data.paymentReference ? [[t.paymentReference, data.paymentReference] as const] : []),
        [t.accountNumber, data.accountNumber],
        [t.paymentDate, this.paymentDay()],
        [t.paymentMethod, data.card ? t.card(data.card.brand, data.card.last4) : data.description || t.payment],
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

  tableHeading(table: TaggedTable): void {
    const { doc } = this;
    const { columns } = this.t;
    const y = tableBand(doc, this.y);
    const heading =
      (text: string, column: { x: number; width: number }, align: 'left' | 'right' = 'left') =>
      () => {
        headingFont(doc);
        doc.text(text, column.x, y, { width: column.width, align, lineBreak: false });
      };
    table.row(
      [
        heading(columns.invoice, COLUMNS.invoice),
        heading(columns.period, COLUMNS.period),
        heading(columns.dueDate, COLUMNS.dueDate),
        heading(columns.applied, COLUMNS.applied, 'right'),
      ],
      { header: true },
    );
    this.y += ROW + 6;
  }

  invoices(): void {
    const { doc, data, t } = this;
    sectionHeading(doc, this.root, t.invoicesPaid, this.y);
    this.y += 18;
    if (data.invoices.length === 0) {
      const y = this.y;
      leaf(doc, this.root, 'P', () => {
        font(doc, 'Helvetica', 9, MUTED);
        doc.text(t.noInvoices, LEFT + 6, y, { lineBreak: false });
      });
      this.y += ROW;
    } else {
      let table = new TaggedTable(doc, this.root);
      this.tableHeading(table);
      for (const invoice of data.invoices) {
        if (this.ensure(ROW)) {
          table.end();
          table = new TaggedTable(doc, this.root);
          this.tableHeading(table);
        }
        const y = this.y;
        table.row([
          () => {
            font(doc, 'Helvetica', 9);
            cell(doc, invoice.invoiceNumber, COLUMNS.invoice.x, y, COLUMNS.invoice.width);
          },
          () => {
            font(doc, 'Helvetica', 9, MUTED);
            cell(doc, formatPeriod(invoice.startDate, invoice.endDate, data.language), COLUMNS.period.x, y, COLUMNS.period.width);
          },
          () => {
            font(doc, 'Helvetica', 9, MUTED);
            cell(doc, formatDate(invoice.dueDate, data.language), COLUMNS.dueDate.x, y, COLUMNS.dueDate.width);
          },
          () => {
            font(doc, 'Helvetica', 9);
            cell(doc, this.money(invoice.applied), COLUMNS.applied.x, y, COLUMNS.applied.width, 'right');
          },
        ]);
        this.y += ROW;
      }
      table.end();
    }
    rule(doc, this.y + 2);
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
    { title: RECEIPT_TEXTS[data.language].receipt(data.receiptNumber), author: data.brand.name, language: data.language },
    (doc, root) => {
      const layout = new Layout(doc, root, data);
      layout.header();
      layout.receivedFromAndAmount();
      layout.invoices();
      layout.totalsAndNote();
      pageFooters(doc, data.brand, layout.t.page);
    },
  );
