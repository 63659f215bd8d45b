/**
 * The invoice as a printable, tagged PDF (pdfkit, standard fonts only: nothing is loaded per request).
 * Pure apart from pdfkit: data in, bytes out. Long invoices flow onto further pages, the charge
 * table's heading repeats on each, every page is numbered "Page n of m", and the summary (total,
 * payments, credits, amount due) stays on one page with the closing note under it.
 */
import { toMinor, type DisputeReason, type InvoiceStatus } from '@portal/contract';
import { formatDate, formatPeriod, formatQuantity } from '../../lib/document-format';
import type { DocumentLanguage } from '../../lib/language';
import { DocumentLayout, type Cell, type ColumnHeading } from '../../lib/pdf-layout';
import {
  INK,
  LEFT,
  MUTED,
  RIGHT,
  ROW,
  amountBox,
  cell,
  font,
  partyBlock,
  renderPdf,
  rule,
  shade,
  smallPrint,
  smallPrintHeight,
  type Doc,
  type Struct,
} from '../../lib/pdf-primitives';
import { TaggedTable, leaf } from '../../lib/pdf-tags';
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
  /** A Tax line's rate (percent) and registration number, when the provider gave them. */
  tax?: { rate: string | null; registration: string | null };
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
  /** What changed against the previous invoice (docs/decisions/0037-a-bill-that-explains-itself.md): the first section. */
  changes: { heading: string; summary: string; causes: { text: string; amount: string }[] };
  /** The account in the carrier's form, from the ledger: previous balance − payments − credits = balance forward; + charges + taxes = total due. */
  account: {
    previousBalance: string;
    paymentsReceived: string;
    creditsAndAdjustments: string;
    balanceForward: string;
    charges: string;
    taxes: string;
    totalDue: string;
  };
}

const COLUMNS = {
  description: { x: LEFT, width: 262 },
  period: { x: LEFT + 270, width: 128 },
  quantity: { x: LEFT + 402, width: 40 },
  amount: { x: LEFT + 446, width: RIGHT - (LEFT + 446) },
};

/** Where the charge table's cells are drawn: inside the shaded band's edges. */
const CHARGE = {
  category: { x: COLUMNS.description.x + 6, width: COLUMNS.description.width - 6 },
  description: { x: COLUMNS.description.x + 14, width: COLUMNS.description.width - 14 },
  amount: { x: COLUMNS.amount.x, width: COLUMNS.amount.width - 6 },
};

const CREDIT_COLUMNS = {
  date: { x: LEFT + 6, width: 70 },
  line: { x: LEFT + 80, width: 170 },
  reason: { x: LEFT + 254, width: 120 },
  dispute: { x: LEFT + 378, width: 64 },
};

class InvoiceLayout extends DocumentLayout {
  readonly t: DocumentTexts;
  constructor(
    doc: Doc,
    root: Struct,
    readonly data: InvoicePdfData,
  ) {
    const t = DOCUMENT_TEXTS[data.language];
    super(doc, root, data, t.continued(data.invoiceNumber));
    this.t = t;
  }

  date(value: string | Date): string {
    return formatDate(value, this.data.language);
  }

  period(startDate: string, endDate: string): string {
    return formatPeriod(startDate, endDate, this.data.language);
  }

  firstPageHeader(): void {
    const { data, t } = this;
    this.header((tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`, t.invoiceTitle, [
      [t.invoiceNumber, data.invoiceNumber],
      [t.accountNumber, data.accountNumber],
      [t.issueDate, data.issueDate ? this.date(data.issueDate) : '-'],
      [t.dueDate, this.date(data.dueDate)],
      [t.billingPeriod, this.period(data.startDate, data.endDate)],
      [t.statusLabel, t.status[data.status]],
    ]);
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

  /** The bill's changes: the difference in a sentence, then each cause with its amount. */
  whatChanged(): void {
    const { doc, data } = this;
    const { changes } = data;
    const width = RIGHT - LEFT - 120;
    this.section(changes.heading);
    this.paragraph(changes.summary, RIGHT - LEFT - 12, 'Helvetica-Bold');
    for (const cause of changes.causes) {
      font(doc, 'Helvetica', 9);
      const height = doc.heightOfString(cause.text, { width });
      this.ensure(height + 4);
      const y = this.y;
      const amount = toMinor(cause.amount) > 0n ? `+${this.money(cause.amount)}` : this.money(cause.amount);
      leaf(doc, this.root, 'P', () => {
        font(doc, 'Helvetica', 9);
        doc.text(cause.text, LEFT + 14, y, { width });
        cell(doc, amount, COLUMNS.amount.x - 40, y, COLUMNS.amount.width + 34, 'right');
      });
      this.y += height + 4;
    }
    this.y += 12;
  }

  /** A wrapped line of text at the current y. */
  paragraph(text: string, width: number, name: 'Helvetica' | 'Helvetica-Bold' = 'Helvetica'): void {
    const { doc } = this;
    font(doc, name, 9);
    const height = doc.heightOfString(text, { width });
    this.ensure(height);
    const y = this.y;
    leaf(doc, this.root, 'P', () => {
      font(doc, name, 9);
      doc.text(text, LEFT + 6, y, { width });
    });
    this.y += height + 6;
  }

  /** A label/amount row at `x`, `width` wide, as a row of `table`. */
  summaryRow(table: TaggedTable, x: number, width: number, label: string, amount: string, strong = false): void {
    const { doc } = this;
    const y = this.y;
    table.row(
      [
        () => {
          font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', 9, strong ? INK : MUTED);
          doc.text(label, x, y, { lineBreak: false });
        },
        () => {
          font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', 9);
          cell(doc, amount, x, y, width, 'right');
        },
      ],
      { rowHeader: true },
    );
    this.y += ROW;
  }

  /**
   * The account in the carrier's form: on the left what came before this bill down to the balance
   * forward, on the right this period's charges and taxes and the total due (two tables, read in that order).
   */
  accountSummary(): void {
    const { data, t } = this;
    const a = data.account;
    this.section(t.accountSummary, 14);
    this.ensure(ROW * 4 + 12);
    const top = this.y;
    const half = (RIGHT - LEFT - 40) / 2;
    const before = new TaggedTable(this.doc, this.root);
    this.summaryRow(before, LEFT + 6, half - 6, t.previousBalance, this.money(a.previousBalance));
    this.summaryRow(before, LEFT + 6, half - 6, t.paymentsReceived, `-${this.money(a.paymentsReceived)}`);
    this.summaryRow(before, LEFT + 6, half - 6, t.creditsAndAdjustments, `-${this.money(a.creditsAndAdjustments)}`);
    this.summaryRow(before, LEFT + 6, half - 6, t.balanceForward, this.money(a.balanceForward), true);
    before.end();
    const bottom = this.y;
    this.y = top;
    const right = LEFT + half + 40;
    const now = new TaggedTable(this.doc, this.root);
    this.summaryRow(now, right, RIGHT - right - 6, t.periodCharges, this.money(a.charges));
    this.summaryRow(now, right, RIGHT - right - 6, t.taxes, this.money(a.taxes));
    this.y += ROW;
    this.summaryRow(now, right, RIGHT - right - 6, t.totalDue, this.money(a.totalDue), true);
    now.end();
    this.y = Math.max(bottom, this.y) + 10;
  }

  charges(): void {
    const { doc, data, t } = this;
    const { columns } = t;
    this.section(t.charges);
    const table = this.table([
      [columns.description, CHARGE.category, 'left'],
      [columns.period, COLUMNS.period, 'left'],
      [columns.quantity, COLUMNS.quantity, 'right'],
      [columns.amount, CHARGE.amount, 'right'],
    ]);
    let category: string | null = null;
    for (const line of data.lines) {
      if (line.category !== category) {
        const name = t.categories[line.category] ?? line.category;
        category = line.category;
        table.fit(ROW * 2 + 4);
        this.y += 2;
        table.row(() => [this.text(name, CHARGE.category, 'left', 'strong')], { rowHeader: true });
      }
      table.row(() => [
        this.text(line.tax ? t.taxLine(line.description, line.tax.rate, line.tax.registration) : line.description, CHARGE.description),
        this.text(this.period(line.startDate, line.endDate), COLUMNS.period, 'left', 'muted'),
        this.text(formatQuantity(line.quantity, data.language), COLUMNS.quantity, 'right', 'muted'),
        this.text(this.money(line.amount), CHARGE.amount, 'right'),
      ]);
    }
    table.end();
    if (data.lines.length === 0) this.note(t.noCharges);
    rule(doc, this.y + 2);
    this.y += 10;
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

  /** A dated list (payments, credits): heading, then a table of `rows`, or `empty` when there are none. */
  list(heading: string, headings: readonly ColumnHeading[], rows: readonly (() => readonly Cell[])[], empty: string): void {
    this.section(heading, 20);
    if (rows.length === 0) {
      this.note(empty);
      return;
    }
    const table = this.table(headings);
    for (const row of rows) table.row(row);
    table.end();
  }

  payments(): void {
    const { data, t } = this;
    const columns = t.paymentColumns;
    const date = { x: LEFT + 6, width: 100 };
    const description = { x: LEFT + 110, width: 280 };
    const amount = { x: COLUMNS.amount.x - 40, width: COLUMNS.amount.width + 34 };
    this.list(
      t.paymentsReceived,
      [
        [columns.date, date, 'left'],
        [columns.description, description, 'left'],
        [columns.amount, amount, 'right'],
      ],
      data.payments.map((payment) => () => [
        this.text(this.date(payment.date), date, 'left', 'muted'),
        this.text(payment.description || t.payment, description),
        this.text(`-${this.money(payment.amount)}`, amount, 'right'),
      ]),
      t.noPayments,
    );
    this.y += 8;
  }

  credits(): void {
    const { data, t } = this;
    if (data.credits.length === 0) return;
    const columns = t.creditColumns;
    const c = CREDIT_COLUMNS;
    const amount = { x: COLUMNS.amount.x - 10, width: COLUMNS.amount.width + 4 };
    this.list(
      t.credits,
      [
        [columns.date, c.date, 'left'],
        [columns.line, c.line, 'left'],
        [columns.reason, c.reason, 'left'],
        [columns.dispute, c.dispute, 'left'],
        [columns.amount, amount, 'right'],
      ],
      data.credits.map((credit) => () => [
        this.text(this.date(credit.date), c.date, 'left', 'muted'),
        this.text(credit.line ?? t.credit, c.line),
        this.text(credit.reason ? t.reasons[credit.reason] : '-', c.reason, 'left', 'muted'),
        this.text(credit.disputeId === null ? '-' : t.dispute(credit.disputeId.toString()), c.dispute, 'left', 'muted'),
        this.text(`-${this.money(credit.amount)}`, amount, 'right'),
      ]),
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
}

/** Renders the invoice; resolves with the whole PDF (a few kilobytes per page). */
export const renderInvoicePdf = (data: InvoicePdfData): Promise<Buffer> =>
  renderPdf(
    { title: DOCUMENT_TEXTS[data.language].invoice(data.invoiceNumber), author: data.brand.name, language: data.language },
    (doc, root) => {
      const layout = new InvoiceLayout(doc, root, data);
      layout.firstPageHeader();
      layout.billToAndSummary();
      layout.whatChanged();
      layout.accountSummary();
      layout.charges();
      layout.totals();
      layout.payments();
      layout.credits();
      layout.summaryAndNote();
      layout.footers(layout.t.page);
    },
  );
