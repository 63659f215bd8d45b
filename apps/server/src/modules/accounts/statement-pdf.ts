/**
 * A statement of account as a printable, tagged PDF, drawn like the invoice (the same page, brand block,
 * tax registrations and footers): the summary of balances, then every movement of the period with what is
 * owed after it. Long periods flow onto further pages with the table's heading repeated; the balance
 * note stays on the page of the table's last rows.
 */
import { formatDate, formatPeriod } from '../../lib/document-format';
import { DocumentLayout, type Cell, type CellStyle, type Column } from '../../lib/pdf-layout';
import {
  INK,
  LEFT,
  MUTED,
  RIGHT,
  cell,
  font,
  partyBlock,
  renderPdf,
  rule,
  shade,
  smallPrint,
  smallPrintHeight,
  type Align,
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

class StatementLayout extends DocumentLayout {
  readonly t: StatementTexts;
  constructor(
    doc: Doc,
    root: Struct,
    readonly data: StatementDocumentData,
  ) {
    const t = STATEMENT_TEXTS[data.language];
    super(doc, root, data, t.continued);
    this.t = t;
  }

  date(day: string): string {
    return formatDate(day, this.data.language);
  }

  firstPageHeader(): void {
    const { data, t } = this;
    this.header(
      (tax) => `${t.taxNumbers[tax.kind]} ${tax.number}`,
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

  activity(): void {
    const { doc, data, t } = this;
    const { columns } = t;
    this.section(t.activity);
    const table = this.table([
      [columns.date, COLUMNS.date, 'left'],
      [columns.description, COLUMNS.description, 'left'],
      [columns.charges, COLUMNS.charges, 'right'],
      [columns.credits, COLUMNS.credits, 'right'],
      [columns.balance, COLUMNS.balance, 'right'],
    ]);
    /** A row of the activity table; the opening and closing rows carry only a balance. `keep` is room to leave below it. */
    const row = (
      date: string,
      description: string,
      charge: string | null,
      credit: string | null,
      owing: string | null,
      strong = false,
      keep = 0,
    ): void => {
      const style = strong ? 'strong' : 'plain';
      const text = (value: string | null, column: Column, align: Align, cellStyle: CellStyle): Cell =>
        value === null ? () => {} : this.text(value, column, align, cellStyle);
      table.row(
        () => [
          text(date, COLUMNS.date, 'left', 'muted'),
          text(description, COLUMNS.description, 'left', style),
          text(charge === null ? null : this.money(charge), COLUMNS.charges, 'right', style),
          text(credit === null ? null : `-${this.money(credit)}`, COLUMNS.credits, 'right', style),
          text(owing === null ? null : this.money(owing), COLUMNS.balance, 'right', style),
        ],
        { keep },
      );
    };
    row(this.date(data.from), t.openingBalance, null, null, data.openingOwing, true);
    for (const line of data.lines) row(this.date(line.date), line.description, line.charge, line.credit, line.owing);
    if (data.lines.length === 0) row('', t.noActivity, null, null, null);
    // The closing row takes the note with it: a page never holds the note alone.
    row(this.date(data.to), t.closingBalance, null, null, data.closingOwing, true, 14 + smallPrintHeight(doc, t.balanceNote));
    table.end();
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
      const layout = new StatementLayout(doc, root, data);
      layout.firstPageHeader();
      layout.accountAndSummary();
      layout.activity();
      layout.footers(t.page);
    },
  );
};
