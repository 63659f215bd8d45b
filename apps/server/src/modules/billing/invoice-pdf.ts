/**
 * The invoice as a printable PDF (pdfkit, standard fonts only: nothing is loaded per request).
 * Pure apart from pdfkit: data in, bytes out. Long invoices flow onto further pages, the charge
 * table's heading repeats on each, and every page is numbered "Page n of m".
 */
import type { InvoiceStatus } from '@portal/contract';
import { formatDate, formatMoney, formatPeriod, formatQuantity } from '../../lib/document-format';
import type { DocumentLanguage } from '../../lib/language';
import { BAND, CONTENT_BOTTOM, INK, LEFT, MUTED, RIGHT, ROW, amountBox, cell, continuationHeader, documentHeader, font, pageFooters, partyBlock, renderPdf, rule, tableBand, type Doc } from '../../lib/pdf-primitives';
import type { TaxRegistration } from '../../lib/tax-registrations';
import type { Brand } from './brand';
import { DOCUMENT_TEXTS, type DocumentTexts } from './document-texts';

export interface InvoicePdfLine {
  category: string;
  description: string;
  startDate: string;
  endDate: string;
  quantity: string;
  /** Exact decimal text, e.g. "45.00". */
  amount: string;
}

export interface InvoicePdfPayment {
  date: Date;
  description: string;
  amount: string;
}

export interface InvoicePdfData {
  brand: Brand;
  /** The account's language: every label, date and amount is written in it. */
  language: DocumentLanguage;
  /** The provider's tax registrations that apply to this account (Canadian accounts). */
  taxRegistrations: TaxRegistration[];
  invoiceNumber: string;
  accountNumber: string;
  currency: string;
  /** When the invoice was posted (its issue date). */
  issueDate: Date | null;
  dueDate: string;
  startDate: string;
  endDate: string;
  billTo: { name: string; lines: string[] };
  lines: InvoicePdfLine[];
  subtotal: string;
  taxes: string;
  total: string;
  payments: InvoicePdfPayment[];
  paymentsTotal: string;
  amountDue: string;
  status: InvoiceStatus;
}

const COLUMNS = {
  description: { x: LEFT, width: 262 },
  period: { x: LEFT + 270, width: 128 },
  quantity: { x: LEFT + 402, width: 40 },
  amount: { x: LEFT + 446, width: RIGHT - (LEFT + 446) },
};

class Layout {
  y = 0;
  readonly t: DocumentTexts;
  constructor(
    readonly doc: Doc,
    readonly data: InvoicePdfData,
  ) {
    this.t = DOCUMENT_TEXTS[data.language];
  }

  money(amount: string): string {
    return formatMoney(amount, this.data.currency, this.data.language);
  }

  date(value: string | Date): string {
    return formatDate(value, this.data.language);
  }

  period(startDate: string, endDate: string): string {
    return formatPeriod(startDate, endDate, this.data.language);
  }

  /** Starts a new page when `height` more points do not fit; returns whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.y = continuationHeader(this.doc, this.data.brand, this.t.continued(this.data.invoiceNumber));
    return true;
  }

  firstPageHeader(): void {
    const { doc, data, t } = this;
    this.y = documentHeader(doc, data.brand, data.taxRegistrations.map((tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`), t.invoiceTitle, [
      [t.invoiceNumber, data.invoiceNumber],
      [t.accountNumber, data.accountNumber],
      [t.issueDate, data.issueDate ? this.date(data.issueDate) : '-'],
      [t.dueDate, this.date(data.dueDate)],
      [t.billingPeriod, this.period(data.startDate, data.endDate)],
    ]);
  }

  billToAndSummary(): void {
    const { doc, data, t } = this;
    const top = this.y;
    const y = partyBlock(doc, top, t.billTo, data.billTo);
    // The amount-due box: what the customer most needs to see.
    const boxBottom = amountBox(doc, top, {
      heading: t.amountDueHeading,
      amount: this.money(data.amountDue),
      note: `${t.due(this.date(data.dueDate))}  ·  ${data.currency.trim()}  ·  ${t.status[data.status]}`,
      accent: data.brand.accent,
    });
    this.y = Math.max(y, boxBottom) + 22;
  }

  tableHeading(): void {
    const { doc } = this;
    const { columns } = this.t;
    const y = tableBand(doc, this.y);
    doc.text(columns.description, COLUMNS.description.x + 6, y, { lineBreak: false });
    doc.text(columns.period, COLUMNS.period.x, y, { lineBreak: false });
    doc.text(columns.quantity, COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right', lineBreak: false });
    doc.text(columns.amount, COLUMNS.amount.x, y, { width: COLUMNS.amount.width - 6, align: 'right', lineBreak: false });
    this.y += ROW + 6;
  }

  charges(): void {
    const { doc, data, t } = this;
    this.ensure(60);
    font(doc, 'Helvetica-Bold', 12);
    doc.text(t.charges, LEFT, this.y, { lineBreak: false });
    this.y += 18;
    this.tableHeading();
    let category: string | null = null;
    for (const line of data.lines) {
      if (line.category !== category) {
        category = line.category;
        if (this.ensure(ROW * 2 + 4)) this.tableHeading();
        this.y += 2;
        font(doc, 'Helvetica-Bold', 9);
        doc.text(t.categories[category] ?? category, COLUMNS.description.x + 6, this.y, { lineBreak: false });
        this.y += ROW;
      }
      if (this.ensure(ROW)) this.tableHeading();
      font(doc, 'Helvetica', 9);
      cell(doc, line.description, COLUMNS.description.x + 14, this.y, COLUMNS.description.width - 14);
      font(doc, 'Helvetica', 9, MUTED);
      cell(doc, this.period(line.startDate, line.endDate), COLUMNS.period.x, this.y, COLUMNS.period.width);
      cell(doc, formatQuantity(line.quantity, data.language), COLUMNS.quantity.x, this.y, COLUMNS.quantity.width, 'right');
      font(doc, 'Helvetica', 9);
      cell(doc, this.money(line.amount), COLUMNS.amount.x, this.y, COLUMNS.amount.width - 6, 'right');
      this.y += ROW;
    }
    if (data.lines.length === 0) {
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(t.noCharges, LEFT + 6, this.y, { lineBreak: false });
      this.y += ROW;
    }
    rule(doc, this.y + 2);
    this.y += 10;
  }

  /** Label/amount rows aligned with the amount column. */
  totalRow(label: string, amount: string, strong = false): void {
    const { doc } = this;
    this.ensure(ROW + 2);
    const labelX = LEFT + 300;
    font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 11 : 9, strong ? INK : MUTED);
    doc.text(label, labelX, this.y, { lineBreak: false });
    font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 11 : 9);
    cell(doc, this.money(amount), COLUMNS.amount.x - 40, this.y, COLUMNS.amount.width + 34, 'right');
    this.y += strong ? ROW + 4 : ROW;
  }

  totals(): void {
    this.totalRow(this.t.subtotal, this.data.subtotal);
    this.totalRow(this.t.taxes, this.data.taxes);
    this.totalRow(this.t.totalCharges, this.data.total, true);
    this.y += 12;
  }

  payments(): void {
    const { doc, data, t } = this;
    this.ensure(60);
    font(doc, 'Helvetica-Bold', 12);
    doc.text(t.paymentsReceived, LEFT, this.y, { lineBreak: false });
    this.y += 20;
    if (data.payments.length === 0) {
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(t.noPayments, LEFT + 6, this.y, { lineBreak: false });
      this.y += ROW;
    }
    for (const payment of data.payments) {
      this.ensure(ROW);
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(this.date(payment.date), LEFT + 6, this.y, { lineBreak: false });
      font(doc, 'Helvetica', 9);
      cell(doc, payment.description || t.payment, LEFT + 110, this.y, 280);
      cell(doc, `-${this.money(payment.amount)}`, COLUMNS.amount.x - 40, this.y, COLUMNS.amount.width + 34, 'right');
      this.y += ROW;
    }
    rule(doc, this.y + 2);
    this.y += 10;
    this.totalRow(t.totalPayments, data.paymentsTotal);
    this.y += 4;
    this.ensure(34);
    doc.rect(LEFT + 290, this.y - 4, RIGHT - LEFT - 290, 26).fillColor(BAND).fill();
    this.y += 3;
    this.totalRow(t.amountDue, data.amountDue, true);
    this.y += 14;
  }

  closingNote(): void {
    const { doc, data } = this;
    this.ensure(40);
    font(doc, 'Helvetica', 8.5, MUTED);
    doc.text(
      this.t.closingNote(data.brand.supportPhone, data.brand.supportEmail),
      LEFT,
      this.y,
      { width: RIGHT - LEFT },
    );
  }

  footers(): void {
    pageFooters(this.doc, this.data.brand, this.t.page);
  }
}

/** Renders the invoice; resolves with the whole PDF (a few kilobytes per page). */
export const renderInvoicePdf = (data: InvoicePdfData): Promise<Buffer> =>
  renderPdf({ title: DOCUMENT_TEXTS[data.language].invoice(data.invoiceNumber), author: data.brand.name }, (doc) => {
    const layout = new Layout(doc, data);
    layout.firstPageHeader();
    layout.billToAndSummary();
    layout.charges();
    layout.totals();
    layout.payments();
    layout.closingNote();
    layout.footers();
  });
