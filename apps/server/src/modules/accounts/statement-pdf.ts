/**
 * A statement of account as a printable, tagged PDF, drawn like the invoice (the same page, brand block,
 * tax registrations and footers): the summary of balances, then every movement of the period with what is
 * owed after it. Long periods flow onto further pages with the table's heading repeated; the balance
 * note stays on the page of the table's last rows.
 */
import { formatDate, formatMoney, formatPeriod } from '../../lib/document-format';
import {
  CONTENT_BOTTOM,
  INK,
  LEFT,
  MUTED,
  RIGHT,
  ROW,
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
  private table: TaggedTable | null = null;
  constructor(
    readonly doc: Doc,
    readonly root: Struct,
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
      this.root,
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
    const y = partyBlock(doc, this.root, top, t.billTo, data.billTo);
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
    shade(doc, boxX, top - 4, boxWidth, height, 4);
    leaf(doc, this.root, 'H2', () => {
      font(doc, 'Helvetica-Bold', 8, MUTED);
      doc.text(t.summaryHeading, boxX + 12, top + 4, { lineBreak: false });
    });
    const table = new TaggedTable(doc, this.root);
    let sy = top + 18;
    for (const [label, amount, strong] of rows) {
      const at = sy;
      table.row(
        [
          () => {
            font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 10 : 9, strong ? INK : MUTED);
            doc.text(label, boxX + 12, at, { lineBreak: false });
          },
          () => {
            font(doc, strong ? 'Helvetica-Bold' : 'Helvetica', strong ? 10 : 9, strong ? data.brand.accent : INK);
            cell(doc, amount, boxX + 130, at, boxWidth - 142, 'right');
          },
        ],
        { rowHeader: true },
      );
      sy += 14;
    }
    table.end();
    this.y = Math.max(y, top + height) + 22;
  }

  /** A new table (one per page) with the column headings. */
  tableHeading(): void {
    const { doc } = this;
    const { columns } = this.t;
    this.table?.end();
    this.table = new TaggedTable(doc, this.root);
    const y = tableBand(doc, this.y);
    const heading = (text: string, column: { x: number; width: number }, align: 'left' | 'right') => () => {
      headingFont(doc);
      cell(doc, text, column.x, y, column.width, align);
    };
    this.table.row(
      [
        heading(columns.date, COLUMNS.date, 'left'),
        heading(columns.description, COLUMNS.description, 'left'),
        heading(columns.charges, COLUMNS.charges, 'right'),
        heading(columns.credits, COLUMNS.credits, 'right'),
        heading(columns.balance, COLUMNS.balance, 'right'),
      ],
      { header: true },
    );
    this.y += ROW + 6;
  }

  /** A row of the activity table; the opening and closing rows carry only a balance. `keep` is room to leave below it. */
  row(
    date: string,
    description: string,
    charge: string | null,
    credit: string | null,
    owing: string | null,
    strong = false,
    keep = 0,
  ): void {
    const { doc } = this;
    if (this.ensure(ROW + keep)) this.tableHeading();
    const y = this.y;
    const text =
      (
        value: string | null,
        column: { x: number; width: number },
        align: 'left' | 'right',
        style: 'muted' | 'strong' | 'plain',
      ) =>
      () => {
        if (value === null) return;
        font(doc, style === 'strong' ? 'Helvetica-Bold' : 'Helvetica', 9, style === 'muted' ? MUTED : INK);
        cell(doc, value, column.x, y, column.width, align);
      };
    const style = strong ? 'strong' : 'plain';
    this.table!.row([
      text(date, COLUMNS.date, 'left', 'muted'),
      text(description, COLUMNS.description, 'left', style),
      text(charge === null ? null : this.money(charge), COLUMNS.charges, 'right', style),
      text(credit === null ? null : `-${this.money(credit)}`, COLUMNS.credits, 'right', style),
      text(owing === null ? null : this.money(owing), COLUMNS.balance, 'right', style),
    ]);
    this.y += ROW;
  }

  activity(): void {
    const { doc, data, t } = this;
    this.ensure(60);
    sectionHeading(doc, this.root, t.activity, this.y);
    this.y += 18;
    this.tableHeading();
    this.row(this.date(data.from), t.openingBalance, null, null, data.openingOwing, true);
    for (const line of data.lines) this.row(this.date(line.date), line.description, line.charge, line.credit, line.owing);
    if (data.lines.length === 0) this.row('', t.noActivity, null, null, null);
    // The closing row takes the note with it: a page never holds the note alone.
    this.row(
      this.date(data.to),
      t.closingBalance,
      null,
      null,
      data.closingOwing,
      true,
      14 + smallPrintHeight(doc, t.balanceNote),
    );
    this.table?.end();
    rule(doc, this.y + 2);
    this.y += 12;
    smallPrint(doc, this.root, t.balanceNote, this.y);
  }
}

/** Renders the statement; resolves with the whole PDF. */
export const renderStatementPdf = (data: StatementDocumentData): Promise<Buffer> => {
  const t = STATEMENT_TEXTS[data.language];
  return renderPdf(
    { title: t.statement(formatPeriod(data.from, data.to, data.language)), author: data.brand.name, language: data.language },
    (doc, root) => {
      const layout = new Layout(doc, root, data);
      layout.header();
      layout.accountAndSummary();
      layout.activity();
      pageFooters(doc, data.brand, t.page);
    },
  );
};
