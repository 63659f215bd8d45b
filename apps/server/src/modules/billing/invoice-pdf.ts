/**
 * The invoice as a printable, tagged PDF (pdfkit, standard fonts only: nothing is loaded per request).
 * Pure apart from pdfkit: data in, bytes out. Long invoices flow onto further pages, the charge
 * table's heading repeats on each, every page is numbered "Page n of m", and the summary (total,
 * payments, credits, amount due) stays on one page with the closing note under it.
 */
import type { DisputeReason, InvoiceStatus } from '@portal/contract';
import { formatDate, formatMoney, formatPeriod, formatQuantity } from '../../lib/document-format';
import type { DocumentLanguage } from '../../lib/language';
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
  shade,
  smallPrint,
  smallPrintHeight,
  tableBand,
  type Doc,
  type Struct,
} from '../../lib/pdf-primitives';
import { leaf, TaggedTable } from '../../lib/pdf-tags';
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

export interface InvoicePdfCredit {
  date: Date;
  /** The disputed charge's description, when the credit names one. */
  line: string | null;
  reason: DisputeReason | null;
  disputeId: bigint | null;
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
  credits: InvoicePdfCredit[];
  creditsTotal: string;
  /** The invoice's amount: the summary's first line. */
  invoiceTotal: string;
  /** invoiceTotal − paymentsTotal − creditsTotal. */
  amountDue: string;
  status: InvoiceStatus;
}

const COLUMNS = {
  description: { x: LEFT, width: 262 },
  period: { x: LEFT + 270, width: 128 },
  quantity: { x: LEFT + 402, width: 40 },
  amount: { x: LEFT + 446, width: RIGHT - (LEFT + 446) },
};

const CREDIT_COLUMNS = {
  date: { x: LEFT + 6, width: 70 },
  line: { x: LEFT + 80, width: 170 },
  reason: { x: LEFT + 254, width: 120 },
  dispute: { x: LEFT + 378, width: 64 },
};

type Cell = () => void;

class Layout {
  y = 0;
  readonly t: DocumentTexts;
  constructor(
    readonly doc: Doc,
    readonly root: Struct,
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

  /** A cell of one line at the current row. */
  text(
    value: string,
    x: number,
    width: number,
    align: 'left' | 'right' = 'left',
    style: { bold?: boolean; muted?: boolean } = {},
  ): Cell {
    const y = this.y;
    return () => {
      font(this.doc, style.bold ? 'Helvetica-Bold' : 'Helvetica', 9, style.muted ? MUTED : INK);
      cell(this.doc, value, x, y, width, align);
    };
  }

  firstPageHeader(): void {
    const { doc, data, t } = this;
    this.y = documentHeader(
      doc,
      this.root,
      data.brand,
      data.taxRegistrations.map((tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`),
      t.invoiceTitle,
      [
        [t.invoiceNumber, data.invoiceNumber],
        [t.accountNumber, data.accountNumber],
        [t.issueDate, data.issueDate ? this.date(data.issueDate) : '-'],
        [t.dueDate, this.date(data.dueDate)],
        [t.billingPeriod, this.period(data.startDate, data.endDate)],
        [t.statusLabel, t.status[data.status]],
      ],
    );
  }

  billToAndSummary(): void {
    const { doc, data, t } = this;
    const top = this.y;
    const y = partyBlock(doc, this.root, top, t.billTo, data.billTo);
    // The amount-due box: what the customer most needs to see.
    const boxBottom = amountBox(doc, this.root, top, {
      heading: t.amountDueHeading,
      amount: this.money(data.amountDue),
      note: `${t.due(this.date(data.dueDate))}  ·  ${data.currency.trim()}`,
      accent: data.brand.accent,
    });
    this.y = Math.max(y, boxBottom) + 22;
  }

  chargeHeadings(table: TaggedTable): void {
    const { doc } = this;
    const { columns } = this.t;
    const y = tableBand(doc, this.y);
    const heading =
      (text: string, x: number, width: number, align: 'left' | 'right'): Cell =>
      () => {
        headingFont(doc);
        doc.text(text, x, y, { width, align, lineBreak: false });
      };
    table.row(
      [
        heading(columns.description, COLUMNS.description.x + 6, COLUMNS.description.width - 6, 'left'),
        heading(columns.period, COLUMNS.period.x, COLUMNS.period.width, 'left'),
        heading(columns.quantity, COLUMNS.quantity.x, COLUMNS.quantity.width, 'right'),
        heading(columns.amount, COLUMNS.amount.x, COLUMNS.amount.width - 6, 'right'),
      ],
      { header: true },
    );
    this.y += ROW + 6;
  }

  charges(): void {
    const { doc, data, t } = this;
    this.ensure(60);
    sectionHeading(doc, this.root, t.charges, this.y);
    this.y += 18;
    let table = new TaggedTable(doc, this.root);
    this.chargeHeadings(table);
    // A table is one page's: on a new page the rest is a new table under the same heading row.
    const newPage = () => {
      table.end();
      table = new TaggedTable(doc, this.root);
      this.chargeHeadings(table);
    };
    let category: string | null = null;
    for (const line of data.lines) {
      if (line.category !== category) {
        category = line.category;
        if (this.ensure(ROW * 2 + 4)) newPage();
        this.y += 2;
        table.row(
          [
            this.text(t.categories[category] ?? category, COLUMNS.description.x + 6, COLUMNS.description.width - 6, 'left', {
              bold: true,
            }),
          ],
          { rowHeader: true },
        );
        this.y += ROW;
      }
      if (this.ensure(ROW)) newPage();
      table.row([
        this.text(line.description, COLUMNS.description.x + 14, COLUMNS.description.width - 14),
        this.text(this.period(line.startDate, line.endDate), COLUMNS.period.x, COLUMNS.period.width, 'left', { muted: true }),
        this.text(formatQuantity(line.quantity, data.language), COLUMNS.quantity.x, COLUMNS.quantity.width, 'right', {
          muted: true,
        }),
        this.text(this.money(line.amount), COLUMNS.amount.x, COLUMNS.amount.width - 6, 'right'),
      ]);
      this.y += ROW;
    }
    table.end();
    if (data.lines.length === 0) this.note(t.noCharges);
    rule(doc, this.y + 2);
    this.y += 10;
  }

  /** A muted line (an empty table's sentence). */
  note(text: string): void {
    const { doc } = this;
    const y = this.y;
    leaf(doc, this.root, 'P', () => {
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(text, LEFT + 6, y, { lineBreak: false });
    });
    this.y += ROW;
  }

  /** A label/amount row aligned with the amount column, as a row of `table`. */
  totalRow(table: TaggedTable, label: string, amount: string, strong = false): void {
    const { doc } = this;
    const y = this.y;
    table.row(
      [
        () => {
          font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 11 : 9, strong ? INK : MUTED);
          doc.text(label, LEFT + 300, y, { lineBreak: false });
        },
        () => {
          font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 11 : 9);
          cell(doc, amount, COLUMNS.amount.x - 40, y, COLUMNS.amount.width + 34, 'right');
        },
      ],
      { rowHeader: true },
    );
    this.y += strong ? ROW + 4 : ROW;
  }

  totals(): void {
    this.ensure(ROW * 3 + 16);
    const table = new TaggedTable(this.doc, this.root);
    this.totalRow(table, this.t.subtotal, this.money(this.data.subtotal));
    this.totalRow(table, this.t.taxes, this.money(this.data.taxes));
    this.totalRow(table, this.t.totalCharges, this.money(this.data.total), true);
    table.end();
    this.y += 12;
  }

  /** A dated list (payments, credits): heading, column headings, rows, or `empty` when there are none. */
  list(
    heading: string,
    headings: readonly [string, number, number, 'left' | 'right'][],
    rows: readonly (readonly Cell[])[],
    empty: string,
  ): void {
    const { doc } = this;
    this.ensure(60);
    sectionHeading(doc, this.root, heading, this.y);
    this.y += 20;
    if (rows.length === 0) {
      this.note(empty);
      return;
    }
    let table = new TaggedTable(doc, this.root);
    const headingRow = () => {
      const y = tableBand(doc, this.y);
      table.row(
        headings.map(([text, x, width, align]) => () => {
          headingFont(doc);
          doc.text(text, x, y, { width, align, lineBreak: false });
        }),
        { header: true },
      );
      this.y += ROW + 6;
    };
    headingRow();
    for (const row of rows) {
      if (this.ensure(ROW)) {
        table.end();
        table = new TaggedTable(doc, this.root);
        headingRow();
      }
      table.row(row.map((draw) => draw));
      this.y += ROW;
    }
    table.end();
  }

  payments(): void {
    const { data, t } = this;
    const columns = t.paymentColumns;
    const amountX = COLUMNS.amount.x - 40;
    const amountWidth = COLUMNS.amount.width + 34;
    const rows = data.payments.map((payment) => [
      () => this.text(this.date(payment.date), LEFT + 6, 100, 'left', { muted: true })(),
      () => this.text(payment.description || t.payment, LEFT + 110, 280)(),
      () => this.text(`-${this.money(payment.amount)}`, amountX, amountWidth, 'right')(),
    ]);
    // Each row's cells read `this.y` when drawn: draw them as the list reaches them.
    this.list(
      t.paymentsReceived,
      [
        [columns.date, LEFT + 6, 100, 'left'],
        [columns.description, LEFT + 110, 280, 'left'],
        [columns.amount, amountX, amountWidth, 'right'],
      ],
      rows,
      t.noPayments,
    );
    this.y += 8;
  }

  credits(): void {
    const { data, t } = this;
    if (data.credits.length === 0) return;
    const columns = t.creditColumns;
    const c = CREDIT_COLUMNS;
    const amountX = COLUMNS.amount.x - 10;
    const amountWidth = COLUMNS.amount.width + 4;
    const rows = data.credits.map((credit) => [
      () => this.text(this.date(credit.date), c.date.x, c.date.width, 'left', { muted: true })(),
      () => this.text(credit.line ?? t.credit, c.line.x, c.line.width)(),
      () => this.text(credit.reason ? t.reasons[credit.reason] : '-', c.reason.x, c.reason.width, 'left', { muted: true })(),
      () =>
        this.text(
          credit.disputeId === null ? '-' : t.dispute(credit.disputeId.toString()),
          c.dispute.x,
          c.dispute.width,
          'left',
          { muted: true },
        )(),
      () => this.text(`-${this.money(credit.amount)}`, amountX, amountWidth, 'right')(),
    ]);
    this.list(
      t.credits,
      [
        [columns.date, c.date.x, c.date.width, 'left'],
        [columns.line, c.line.x, c.line.width, 'left'],
        [columns.reason, c.reason.x, c.reason.width, 'left'],
        [columns.dispute, c.dispute.x, c.dispute.width, 'left'],
        [columns.amount, amountX, amountWidth, 'right'],
      ],
      rows,
      '',
    );
    this.y += 8;
  }

  /**
   * Total − payments − credits = amount due, then the closing note. They move to a new page together
   * when they do not fit, so no page holds the note alone.
   */
  summaryAndNote(): void {
    const { doc, data, t } = this;
    const note = t.closingNote(data.brand.supportPhone, data.brand.supportEmail);
    this.ensure(20 + ROW * 3 + 40 + smallPrintHeight(doc, note));
    rule(doc, this.y);
    this.y += 8;
    const table = new TaggedTable(doc, this.root);
    this.totalRow(table, t.invoiceTotal, this.money(data.invoiceTotal));
    this.totalRow(table, t.totalPayments, `-${this.money(data.paymentsTotal)}`);
    this.totalRow(table, t.totalCredits, `-${this.money(data.creditsTotal)}`);
    this.y += 4;
    shade(doc, LEFT + 290, this.y - 4, RIGHT - LEFT - 290, 26);
    this.y += 3;
    this.totalRow(table, t.amountDue, this.money(data.amountDue), true);
    table.end();
    this.y += 14;
    smallPrint(doc, this.root, note, this.y);
  }

  footers(): void {
    pageFooters(this.doc, this.data.brand, this.t.page);
  }
}

/** Renders the invoice; resolves with the whole PDF (a few kilobytes per page). */
export const renderInvoicePdf = (data: InvoicePdfData): Promise<Buffer> =>
  renderPdf(
    { title: DOCUMENT_TEXTS[data.language].invoice(data.invoiceNumber), author: data.brand.name, language: data.language },
    (doc, root) => {
      const layout = new Layout(doc, root, data);
      layout.firstPageHeader();
      layout.billToAndSummary();
      layout.charges();
      layout.totals();
      layout.payments();
      layout.credits();
      layout.summaryAndNote();
      layout.footers();
    },
  );
