/**
 * A successful payment's receipt as a printable PDF, drawn like the invoice (the same page, brand block,
 * tax registrations and footers). Pure apart from pdfkit: data in, bytes out.
 */
import { formatDate, formatMoney, formatPeriod } from '../../lib/document-format';
import { CONTENT_BOTTOM, LEFT, MUTED, RIGHT, ROW, amountBox, cell, documentHeader, font, pageFooters, partyBlock, renderPdf, rule, tableBand, type Doc } from '../../lib/pdf-primitives';
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

  ensure(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.doc.addPage();
    this.y = 56;
  }

  header(): void {
    const { doc, data, t } = this;
    this.y = documentHeader(doc, data.brand, data.taxRegistrations.map((tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`), t.receiptTitle, [
      [t.receiptNumber, data.receiptNumber],
      [t.accountNumber, data.accountNumber],
      [t.paymentDate, this.paymentDay()],
      [t.paymentMethod, data.card ? t.card(data.card.brand, data.card.last4) : data.description || t.payment],
    ]);
  }

  receivedFromAndAmount(): void {
    const { doc, data, t } = this;
    const top = this.y;
    const y = partyBlock(doc, top, t.receivedFrom, data.receivedFrom);
    const boxBottom = amountBox(doc, top, {
      heading: t.amountPaidHeading,
      amount: this.money(data.amount),
      note: `${t.paidOn(this.paymentDay())}  ·  ${data.currency}`,
      accent: data.brand.accent,
    });
    this.y = Math.max(y, boxBottom) + 22;
  }

  tableHeading(): void {
    const { doc } = this;
    const { columns } = this.t;
    const y = tableBand(doc, this.y);
    doc.text(columns.invoice, COLUMNS.invoice.x, y, { lineBreak: false });
    doc.text(columns.period, COLUMNS.period.x, y, { lineBreak: false });
    doc.text(columns.dueDate, COLUMNS.dueDate.x, y, { lineBreak: false });
    doc.text(columns.applied, COLUMNS.applied.x, y, { width: COLUMNS.applied.width, align: 'right', lineBreak: false });
    this.y += ROW + 6;
  }

  invoices(): void {
    const { doc, data, t } = this;
    font(doc, 'Helvetica-Bold', 12);
    doc.text(t.invoicesPaid, LEFT, this.y, { lineBreak: false });
    this.y += 18;
    this.tableHeading();
    for (const invoice of data.invoices) {
      this.ensure(ROW);
      font(doc, 'Helvetica', 9);
      cell(doc, invoice.invoiceNumber, COLUMNS.invoice.x, this.y, COLUMNS.invoice.width);
      font(doc, 'Helvetica', 9, MUTED);
      cell(doc, formatPeriod(invoice.startDate, invoice.endDate, data.language), COLUMNS.period.x, this.y, COLUMNS.period.width);
      cell(doc, formatDate(invoice.dueDate, data.language), COLUMNS.dueDate.x, this.y, COLUMNS.dueDate.width);
      font(doc, 'Helvetica', 9);
      cell(doc, this.money(invoice.applied), COLUMNS.applied.x, this.y, COLUMNS.applied.width, 'right');
      this.y += ROW;
    }
    if (data.invoices.length === 0) {
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(t.noInvoices, LEFT + 6, this.y, { lineBreak: false });
      this.y += ROW;
    }
    rule(doc, this.y + 2);
    this.y += 10;
    this.ensure(ROW + 4);
    font(doc, 'Helvetica-Bold', 11);
    doc.text(t.totalApplied, LEFT + 300, this.y, { lineBreak: false });
    cell(doc, this.money(data.totalApplied), COLUMNS.applied.x - 40, this.y, COLUMNS.applied.width + 40, 'right');
    this.y += ROW + 18;
  }

  closingNote(): void {
    const { doc, data } = this;
    this.ensure(40);
    font(doc, 'Helvetica', 8.5, MUTED);
    doc.text(this.t.closingNote(data.brand.supportPhone, data.brand.supportEmail), LEFT, this.y, { width: RIGHT - LEFT });
  }
}

/** Renders the receipt; resolves with the whole PDF. */
export const renderReceiptPdf = (data: ReceiptPdfData): Promise<Buffer> =>
  renderPdf({ title: RECEIPT_TEXTS[data.language].receipt(data.receiptNumber), author: data.brand.name }, (doc) => {
    const layout = new Layout(doc, data);
    layout.header();
    layout.receivedFromAndAmount();
    layout.invoices();
    layout.closingNote();
    pageFooters(doc, data.brand, layout.t.page);
  });
