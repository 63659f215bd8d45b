/**
 * The structure of a tagged PDF (PDF/UA): headings, paragraphs and tables a screen reader reads in the
 * order they are added, each holding the content drawn while it is open. What only decorates the page
 * (rules, shaded bands, page headers and footers) is marked as an artifact, which readers skip.
 */
export type Doc = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;

/** Structure types the documents use (the standard ones of ISO 32000). */
export type StructType = 'Document' | 'Sect' | 'H1' | 'H2' | 'P' | 'Table' | 'TR' | 'TH' | 'TD';

// pdfkit writes `scope` as the table attribute (a header's column or row) but its types leave it out.
type ElementOptions = PDFKit.Mixins.StructureElementOptions & { scope?: 'Column' | 'Row' };

/**
 * Adds an element of `type` to `parent` and, with `draw`, draws its content now (the content is
 * tagged with it). Returns the element, still open for children until `end()`.
 */
export const tag = (doc: Doc, parent: Struct, type: StructType, draw?: () => void, options: ElementOptions = {}): Struct => {
  const element = draw ? doc.struct(type, options, [draw]) : doc.struct(type, options);
  parent.add(element);
  return element;
};

/** A leaf element (a heading or paragraph) drawn by `draw` and closed. */
export const leaf = (doc: Doc, parent: Struct, type: StructType, draw: () => void): void => {
  tag(doc, parent, type, draw).end();
};

/** Draws decoration that is not content (readers skip it). Never call it while an element's content is open. */
export const artifact = (doc: Doc, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void => {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
};

/** A table: a row of column headings, then rows of cells, each row drawn by its `draw` callbacks. */
export class TaggedTable {
  private readonly table: Struct;
  constructor(
    private readonly doc: Doc,
    parent: Struct,
  ) {
    this.table = tag(doc, parent, 'Table');
  }

  /** One row; `header` makes every cell a column heading (TH), `rowHeader` the first cell a row heading. */
  row(
    cells: readonly (() => void)[],
    { header = false, rowHeader = false }: { header?: boolean; rowHeader?: boolean } = {},
  ): void {
    const row = tag(this.doc, this.table, 'TR');
    cells.forEach((draw, index) => {
      if (header) tag(this.doc, row, 'TH', draw, { scope: 'Column' }).end();
      else if (rowHeader && index === 0) tag(this.doc, row, 'TH', draw, { scope: 'Row' }).end();
      else tag(this.doc, row, 'TD', draw).end();
    });
    row.end();
  }

  end(): void {
    this.table.end();
  }
}
