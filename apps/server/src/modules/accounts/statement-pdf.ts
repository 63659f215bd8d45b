/**
 * A statement of account as a printable PDF, drawn like the invoice (the same page, brand block, tax
 * registrations and footers): the summary of balances, then every movement of the period with what is
 * owed after it. Long periods flow onto further pages with the table's heading repeated.
 */
import { formatDate, formatMoney, formatPeriod } from '../../lib/document-format';
import { BAND, CONTENT_BOTTOM, INK, LEFT, MUTED, RIGHT, ROW, cell, continuationHeader, documentHeader, font, pageFooters, partyBlock, renderPdf, rule, tableBand, type Doc } from '../../lib/pdf-primitives';
import type { StatementDocumentData } from './statement-data';
import { STATEMENT_TEXTS, type StatementTexts } from './statement-texts';

const COLUMNS = {
  date: { x: LEFT + 6, width: 62 },
  description: { x: LEFT + 72, width: 222 },
  charges: { x: LEFT + 298, width: 62 },
  credits: { x: LEFT + 364, width: 80 },
  balance: { x: LEFT + 448, width: RIGHT - (LEFT + 448) - 6 },
};

class Layout {
  y = 0;
  readonly t: StatementTexts;
  constructor(
    readonly doc: Doc,
    readonly data: StatementDocumentData,
  ) {
    this.t = STATEMENT_TEXTS[data.language];
  }

  money(amount: string): string {
    return formatMoney(amount, this.data.currency, this.data.language);
  }

  date(day: string): string {
    return formatDate(day, this.data.language);
  }

  /** Starts a new page when `height` more points do not fit; returns whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.y = continuationHeader(this.doc, this.data.brand, this.t.continued);
    return true;
  }

  header(): void {
    const { doc, data, t } = this;
    this.y = documentHeader(
      doc,
      data.brand,
      data.taxRegistrations.map((tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`),
      t.statementTitle,
      [
        [t.accountNumber, data.accountNumber],
        [t.statementPeriod, formatPeriod(data.from, data.to, data.language)],
        [t.statementDate, this.date(data.statementDate)],
        [t.currency, data.currency],
      ],
      80,
    );
  }

  accountAndSummary(): void {
    const { doc, data, t } = this;
    const top = this.y;
    const y = partyBlock(doc, top, t.billTo, data.billTo);
    const boxX = LEFT + 290;
    const boxWidth = RIGHT - boxX;
    const rows: [string, string, boolean][] = [
      [t.openingBalance, this.money(data.openingOwing), false],
      [t.invoices, `+${this.money(data.invoiced)}`, false],
      [t.payments, `-${this.money(data.paid)}`, false],
      [t.credits, `-${this.money(data.credited)}`, false],
      [t.closingBalance, this.money(data.closingOwing), true],
    ];
    const height = 22 + rows.length * 14 + 6;
    doc.roundedRect(boxX, top - 4, boxWidth, height, 4).fillColor(BAND).fill();
    font(doc, 'Helvetica-Bold', 8, MUTED);
    doc.text(t.summaryHeading, boxX + 12, top + 4, { lineBreak: false });
    let sy = top + 18;
    for (const [label, amount, strong] of rows) {
      font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 10 : 9, strong ? INK : MUTED);
      doc.text(label, boxX + 12, sy, { lineBreak: false });
      font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 10 : 9, strong ? data.brand.accent : INK);
      cell(doc, amount, boxX + 130, sy, boxWidth - 142, 'right');
      sy += 14;
    }
    this.y = Math.max(y, top + height) + 22;
  }

  tableHeading(): void {
    const { doc } = this;
    const { columns } = this.t;
    const y = tableBand(doc, this.y);
    doc.text(columns.date, COLUMNS.date.x, y, { lineBreak: false });
    doc.text(columns.description, COLUMNS.description.x, y, { lineBreak: false });
    for (const [text, column] of [
      [columns.charges, COLUMNS.charges],
      [columns.credits, COLUMNS.credits],
      [columns.balance, COLUMNS.balance],
    ] as const) {
      cell(doc, text, column.x, y, column.width, 'right');
    }
    this.y += ROW + 6;
  }

  /** A row of the activity table; the opening and closing rows carry only a balance. */
  row(date: string, description: string, charge: string | null, credit: string | null, owing: string, strong = false): void {
    const { doc } = this;
    if (this.ensure(ROW)) this.tableHeading();
    font(doc, 'Helvetica', 9, MUTED);
    cell(doc, date, COLUMNS.date.x, this.y, COLUMNS.date.width);
    font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', 9);
    cell(doc, description, COLUMNS.description.x, this.y, COLUMNS.description.width);
    if (charge !== null) cell(doc, this.money(charge), COLUMNS.charges.x, this.y, COLUMNS.charges.width, 'right');
    if (credit !== null) cell(doc, `-${this.money(credit)}`, COLUMNS.credits.x, this.y, COLUMNS.credits.width, 'right');
    cell(doc, this.money(owing), COLUMNS.balance.x, this.y, COLUMNS.balance.width, 'right');
    this.y += ROW;
  }

  activity(): void {
    const { doc, data, t } = this;
    this.ensure(60);
    font(doc, 'Helvetica-Bold', 12);
    doc.text(t.activity, LEFT, this.y, { lineBreak: false });
    this.y += 18;
    this.tableHeading();
    this.row(this.date(data.from), t.openingBalance, null, null, data.openingOwing, true);
    for (const line of data.lines) this.row(this.date(line.date), line.description, line.charge, line.credit, line.owing);
    if (data.lines.length === 0) {
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(t.noActivity, COLUMNS.description.x, this.y, { lineBreak: false });
      this.y += ROW;
    }
    this.row(this.date(data.to), t.closingBalance, null, null, data.closingOwing, true);
    rule(doc, this.y + 2);
    this.y += 12;
    this.ensure(30);
    font(doc, 'Helvetica', 8.5, MUTED);
    doc.text(t.balanceNote, LEFT, this.y, { width: RIGHT - LEFT });
  }
}

/** Renders the statement; resolves with the whole PDF. */
export const renderStatementPdf = (data: StatementDocumentData): Promise<Buffer> => {
  const t = STATEMENT_TEXTS[data.language];
  return renderPdf({ title: t.statement(formatPeriod(data.from, data.to, data.language)), author: data.brand.name }, (doc) => {
    const layout = new Layout(doc, data);
    layout.header();
    layout.accountAndSummary();
    layout.activity();
    pageFooters(doc, data.brand, t.page);
  });
};
