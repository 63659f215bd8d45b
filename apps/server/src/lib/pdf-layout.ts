/**
 * The layout every printed document (invoice, payment receipt, statement of account) follows on top of
 * `pdf-primitives.ts`: a pen going down the page that starts a further page (with its continuation header)
 * when a block does not fit, the first page's header, sections, tables whose column headings repeat on
 * every page they reach, and the footers. Each document's own layout extends it with its blocks.
 */
import type { Brand } from './brand';
import { formatMoney } from './document-format';
import type { DocumentLanguage } from './language';
import {
  CONTENT_BOTTOM,
  INK,
  LEFT,
  MUTED,
  ROW,
  cell,
  continuationHeader,
  documentHeader,
  font,
  headingFont,
  pageFooters,
  sectionHeading,
  tableBand,
  type Align,
  type Doc,
  type Struct,
} from './pdf-primitives';
import { leaf, TaggedTable } from './pdf-tags';
import type { TaxRegistration } from './tax-registrations';

export interface Column {
  x: number;
  width: number;
}

/** A table's column heading: its text, where it is drawn and how it is aligned. */
export type ColumnHeading = readonly [text: string, column: Column, align: Align];

/** Draws one cell's content (while its TD or TH is open). */
export type Cell = () => void;

export type CellStyle = 'plain' | 'muted' | 'strong';

/** What a layout needs to know of its document. */
export interface LayoutSubject {
  brand: Brand;
  language: DocumentLanguage;
  currency: string;
  taxRegistrations: readonly TaxRegistration[];
}

export class DocumentLayout {
  /** Where the next block starts. */
  y = 0;
  constructor(
    readonly doc: Doc,
    readonly root: Struct,
    private readonly subject: LayoutSubject,
    /** The continuation header's text: which document goes on. */
    private readonly continued: string,
  ) {}

  money(amount: string): string {
    return formatMoney(amount, this.subject.currency, this.subject.language);
  }

  /** Starts a new page when `height` more points do not fit; returns whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.y = continuationHeader(this.doc, this.subject.brand, this.continued);
    return true;
  }

  /** The first page's top (`documentHeader`), the brand block listing the tax registrations as `taxLine` words them. */
  header(
    taxLine: (tax: TaxRegistration) => string,
    title: string,
    facts: readonly (readonly [label: string, value: string])[],
    labelWidth?: number,
    factsX?: number,
  ): void {
    const { doc, root, subject } = this;
    this.y = documentHeader(doc, root, subject.brand, subject.taxRegistrations.map(taxLine), title, facts, labelWidth, factsX);
  }

  /** A section's heading, on a new page when the start of the section would not fit below it. */
  section(heading: string, below = 18): void {
    this.ensure(60);
    sectionHeading(this.doc, this.root, heading, this.y);
    this.y += below;
  }

  /** A muted line at the current y (an empty table's sentence). */
  note(text: string): void {
    const { doc } = this;
    const y = this.y;
    leaf(doc, this.root, 'P', () => {
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(text, LEFT + 6, y, { lineBreak: false });
    });
    this.y += ROW;
  }

  /** A one-line cell at the current y, drawn when its row is. */
  text(value: string, column: Column, align: Align = 'left', style: CellStyle = 'plain'): Cell {
    const { doc } = this;
    const y = this.y;
    return () => {
      font(doc, style === 'strong' ? 'Helvetica-Bold' : 'Helvetica', 9, style === 'muted' ? MUTED : INK);
      cell(doc, value, column.x, y, column.width, align);
    };
  }

  /** A table under `headings` at the current y. */
  table(headings: readonly ColumnHeading[]): PagedTable {
    return new PagedTable(this, headings);
  }

  /** The support line and "Page n of m" on every page. */
  footers(page: (page: number, count: number) => string): void {
    pageFooters(this.doc, this.subject.brand, page);
  }
}

/** A table that goes on on further pages, as a new table under the same column headings on each. */
export class PagedTable {
  private table: TaggedTable;
  constructor(
    private readonly layout: DocumentLayout,
    private readonly headings: readonly ColumnHeading[],
  ) {
    this.table = this.start();
  }

  private start(): TaggedTable {
    const { doc, root } = this.layout;
    const table = new TaggedTable(doc, root);
    const y = tableBand(doc, this.layout.y);
    table.row(
      this.headings.map(([text, column, align]) => () => {
        headingFont(doc);
        cell(doc, text, column.x, y, column.width, align);
      }),
      { header: true },
    );
    this.layout.y += ROW + 6;
    return table;
  }

  /** Goes on on a new page when `height` more points do not fit. */
  fit(height: number): void {
    if (!this.layout.ensure(height)) return;
    this.table.end();
    this.table = this.start();
  }

  /**
   * One row, made by `cells` at the y it is drawn at (on a new page when it does not fit with `keep`
   * points left below it); `rowHeader` makes its first cell the row's heading.
   */
  row(cells: () => readonly Cell[], { keep = 0, rowHeader = false }: { keep?: number; rowHeader?: boolean } = {}): void {
    this.fit(ROW + keep);
    this.table.row(cells(), { rowHeader });
    this.layout.y += ROW;
  }

  end(): void {
    this.table.end();
  }
}
