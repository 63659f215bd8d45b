/**
 * What the portal's printed documents (invoice, payment receipt, statement of account) share: a tagged
 * Letter page drawn with pdfkit's standard fonts (nothing is loaded per request), its geometry and ink,
 * cut-to-fit text, the provider's brand block, the footer of every page, and the document's bytes.
 * Every block that shows content takes the structure element it belongs to (`pdf-tags.ts`).
 */
import type { Brand } from './brand';
import type { DocumentLanguage } from './language';
import { artifact, leaf, TaggedTable, type Struct } from './pdf-tags';

export const PAGE = { width: 612, height: 792 };
export const LEFT = 48;
export const RIGHT = PAGE.width - 48;
export const CONTENT_BOTTOM = PAGE.height - 72;
export const FOOTER_Y = PAGE.height - 48;
export const ROW = 16;

export const INK = '#111827';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const BAND = '#f3f4f6';

export type Doc = PDFKit.PDFDocument;
export type { Struct } from './pdf-tags';
export type Align = 'left' | 'right' | 'center';
/** pdfkit's standard fonts the documents draw with. */
export type FontName = 'Helvetica' | 'Helvetica-Bold';

/** `text` cut with an ellipsis to fit `width` in the current font (one estimate, then a few steps). */
export const fitText = (doc: Doc, text: string, width: number): string => {
  const full = doc.widthOfString(text);
  if (full <= width) return text;
  let length = Math.floor((text.length * width) / full);
  while (length > 1 && doc.widthOfString(`${text.slice(0, length)}…`) > width) length -= 1;
  return `${text.slice(0, length).trimEnd()}…`;
};

/** Writes one line of text in a box, cut with an ellipsis when it does not fit. */
export const cell = (doc: Doc, text: string, x: number, y: number, width: number, align: Align = 'left'): void => {
  doc.text(fitText(doc, text, width), x, y, { width, align, lineBreak: false });
};

export const font = (doc: Doc, name: FontName, size: number, color = INK): Doc => doc.font(name).fontSize(size).fillColor(color);

/** A horizontal rule across the page (decoration). */
export const rule = (doc: Doc, y: number, color = RULE, width = 0.75): void => {
  artifact(doc, () => {
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
  });
};

/** A shaded rectangle behind content (decoration). */
export const shade = (doc: Doc, x: number, y: number, width: number, height: number, radius = 0): void => {
  artifact(doc, () => {
    (radius ? doc.roundedRect(x, y, width, height, radius) : doc.rect(x, y, width, height)).fillColor(BAND).fill();
  });
};

/** The provider's name, address, contacts and `extraLines` (its tax registrations) at the top left; returns the y below them. */
export const brandBlock = (doc: Doc, parent: Struct, brand: Brand, extraLines: readonly string[]): number => {
  leaf(doc, parent, 'P', () => {
    font(doc, 'Helvetica-Bold', 20, brand.accent);
    doc.text(brand.name, LEFT, 48, { lineBreak: false });
  });
  let y = 74;
  for (const line of [...brand.addressLines, `${brand.supportPhone}  ·  ${brand.supportEmail}`, brand.website, ...extraLines]) {
    const at = y;
    leaf(doc, parent, 'P', () => {
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(line, LEFT, at, { lineBreak: false });
    });
    y += 12;
  }
  return y;
};

/**
 * The first page's top: the document's title (the heading) and its facts (label, value) at the right (from
 * `factsX`: further left for long values), the brand block (with `extraLines`) at the left, then the
 * brand's rule; returns the y below it.
 */
export const documentHeader = (
  doc: Doc,
  parent: Struct,
  brand: Brand,
  extraLines: readonly string[],
  title: string,
  facts: readonly (readonly [label: string, value: string])[],
  labelWidth = 90,
  factsX = LEFT + 300,
): number => {
  leaf(doc, parent, 'H1', () => {
    font(doc, 'Helvetica-Bold', 22);
    doc.text(title, LEFT + 300, 46, { width: RIGHT - LEFT - 300, align: 'right', lineBreak: false });
  });
  let fy = 76;
  const valueX = factsX + labelWidth;
  const table = new TaggedTable(doc, parent);
  for (const [label, value] of facts) {
    const at = fy;
    table.row(
      [
        () => {
          font(doc, 'Helvetica', 9, MUTED);
          doc.text(label, factsX, at, { width: labelWidth, lineBreak: false });
        },
        () => {
          font(doc, 'Helvetica-Bold', 9);
          cell(doc, value, valueX, at, RIGHT - valueX, 'right');
        },
      ],
      { rowHeader: true },
    );
    fy += 13;
  }
  table.end();
  const y = brandBlock(doc, parent, brand, extraLines);
  const ruleY = Math.max(y, fy) + 10;
  rule(doc, ruleY, brand.accent, 1.5);
  return ruleY + 16;
};

/** The top of a further page: the brand's name and `text` (which document continues), a rule; returns the y to go on from. */
export const continuationHeader = (doc: Doc, brand: Brand, text: string): number => {
  artifact(
    doc,
    () => {
      font(doc, 'Helvetica-Bold', 11, brand.accent);
      doc.text(brand.name, LEFT, 40, { lineBreak: false });
      font(doc, 'Helvetica', 9, MUTED);
      doc.text(text, LEFT + 200, 42, { width: RIGHT - LEFT - 200, align: 'right', lineBreak: false });
      doc.moveTo(LEFT, 58).lineTo(RIGHT, 58).lineWidth(0.75).strokeColor(RULE).stroke();
    },
    'Pagination',
  );
  return 70;
};

/** Whom the document concerns (heading, name, address lines) at the left from `top`; returns the y below the last line. */
export const partyBlock = (
  doc: Doc,
  parent: Struct,
  top: number,
  heading: string,
  party: { name: string; lines: readonly string[] },
): number => {
  leaf(doc, parent, 'H2', () => {
    font(doc, 'Helvetica-Bold', 8, MUTED);
    doc.text(heading, LEFT, top, { lineBreak: false });
  });
  leaf(doc, parent, 'P', () => {
    font(doc, 'Helvetica-Bold', 11);
    cell(doc, party.name, LEFT, top + 13, 250);
  });
  let y = top + 28;
  for (const line of party.lines) {
    const at = y;
    leaf(doc, parent, 'P', () => {
      font(doc, 'Helvetica', 10);
      cell(doc, line, LEFT, at, 250);
    });
    y += 13;
  }
  return y;
};

/** The shaded box right of the party block with the amount that matters most (due, or paid); returns its bottom. */
export const amountBox = (
  doc: Doc,
  parent: Struct,
  top: number,
  box: { heading: string; amount: string; note: string; accent: string },
): number => {
  const x = LEFT + 300;
  const width = RIGHT - x;
  shade(doc, x, top - 4, width, 74, 4);
  leaf(doc, parent, 'H2', () => {
    font(doc, 'Helvetica-Bold', 8, MUTED);
    doc.text(box.heading, x + 12, top + 6, { lineBreak: false });
  });
  leaf(doc, parent, 'P', () => {
    font(doc, 'Helvetica-Bold', 20, box.accent);
    cell(doc, box.amount, x + 12, top + 20, width - 24);
  });
  leaf(doc, parent, 'P', () => {
    font(doc, 'Helvetica', 9, MUTED);
    cell(doc, box.note, x + 12, top + 50, width - 24);
  });
  return top + 74;
};

/** The shaded band behind a table's column headings at `y`; returns the headings' baseline (set their font with `headingFont`). */
export const tableBand = (doc: Doc, y: number): number => {
  shade(doc, LEFT, y, RIGHT - LEFT, ROW + 2);
  return y + 5;
};

/** The font of a table's column headings. */
export const headingFont = (doc: Doc): Doc => font(doc, 'Helvetica-Bold', 8, MUTED);

/** A section heading (H2) at `y`. */
export const sectionHeading = (doc: Doc, parent: Struct, text: string, y: number): void => {
  leaf(doc, parent, 'H2', () => {
    font(doc, 'Helvetica-Bold', 12);
    doc.text(text, LEFT, y, { lineBreak: false });
  });
};

/** A paragraph of small print across the page at `y` (wraps). */
export const smallPrint = (doc: Doc, parent: Struct, text: string, y: number): void => {
  leaf(doc, parent, 'P', () => {
    font(doc, 'Helvetica', 8.5, MUTED);
    doc.text(text, LEFT, y, { width: RIGHT - LEFT });
  });
};

/** The height `smallPrint` takes for `text`, so a note can be kept on the page of what it explains. */
export const smallPrintHeight = (doc: Doc, text: string): number => {
  font(doc, 'Helvetica', 8.5, MUTED);
  return doc.heightOfString(text, { width: RIGHT - LEFT });
};

/** The brand's support line and "Page n of m" on every page, once the page count is known (pagination artifacts). */
export const pageFooters = (doc: Doc, brand: Brand, page: (page: number, count: number) => string): void => {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    artifact(
      doc,
      () => {
        doc
          .moveTo(LEFT, FOOTER_Y - 8)
          .lineTo(RIGHT, FOOTER_Y - 8)
          .lineWidth(0.75)
          .strokeColor(RULE)
          .stroke();
        font(doc, 'Helvetica', 8, MUTED);
        doc.text(`${brand.name}  ·  ${brand.supportPhone}  ·  ${brand.supportEmail}`, LEFT, FOOTER_Y, { lineBreak: false });
        doc.text(page(index - start + 1, count), RIGHT - 120, FOOTER_Y, { width: 120, align: 'right', lineBreak: false });
      },
      'Pagination',
    );
  }
};

/** BCP 47 tag of a document's language: what screen readers pronounce it in. */
export const PDF_LANGUAGE: Readonly<Record<DocumentLanguage, string>> = { en: 'en-US', fr: 'fr-CA' };

/**
 * A tagged Letter document in `language` drawn by `draw` under its root element (Document); resolves
 * with the whole PDF (a few kilobytes per page). Its title is shown in the reader's title bar.
 */
export const renderPdf = async (
  info: { title: string; author: string; language: DocumentLanguage },
  draw: (doc: Doc, root: Struct) => void,
): Promise<Buffer> => {
  // pdfkit and its font engine are loaded on the first document, not at start-up (idle memory).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: 40, left: LEFT, right: PAGE.width - RIGHT, bottom: 20 },
      bufferPages: true,
      // No default font: every draw starts with `font`.
      font: '',
      pdfVersion: '1.7',
      tagged: true,
      lang: PDF_LANGUAGE[info.language],
      displayTitle: true,
      info: { Title: info.title, Author: info.author, Subject: info.title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const root = doc.struct('Document');
    doc.addStructure(root);
    draw(doc, root);
    root.end();
    doc.end();
  });
};
