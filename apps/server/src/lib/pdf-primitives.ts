/**
 * What the portal's printed documents (invoice, payment receipt, statement of account) share: a Letter
 * page drawn with pdfkit's standard fonts (nothing is loaded per request), its geometry and ink, cut-to-fit
 * text, the provider's brand block, the footer of every page, and the document's bytes.
 */
import type { Brand } from './brand';
import { useStandardFont, type StandardFontName } from './pdf-standard-fonts';

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
export type Align = 'left' | 'right' | 'center';

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

export const font = (doc: Doc, name: StandardFontName, size: number, color = INK): Doc => useStandardFont(doc, name).fontSize(size).fillColor(color);

export const rule = (doc: Doc, y: number, color = RULE, width = 0.75): void => {
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
};

/** The provider's name, address, contacts and `extraLines` (its tax registrations) at the top left; returns the y below them. */
export const brandBlock = (doc: Doc, brand: Brand, extraLines: readonly string[]): number => {
  font(doc, 'Helvetica-Bold', 20, brand.accent);
  doc.text(brand.name, LEFT, 48, { lineBreak: false });
  font(doc, 'Helvetica', 9, MUTED);
  let y = 74;
  for (const line of [...brand.addressLines, `${brand.supportPhone}  ·  ${brand.supportEmail}`, brand.website, ...extraLines]) {
    doc.text(line, LEFT, y, { lineBreak: false });
    y += 12;
  }
  return y;
};

/**
 * The first page's top: the brand block (with `extraLines`) at the left, the document's title and its
 * facts (label, value) at the right, then the brand's rule; returns the y below it.
 */
export const documentHeader = (
  doc: Doc,
  brand: Brand,
  extraLines: readonly string[],
  title: string,
  facts: readonly (readonly [label: string, value: string])[],
  labelWidth = 90,
): number => {
  const y = brandBlock(doc, brand, extraLines);
  font(doc, 'Helvetica-Bold', 22);
  doc.text(title, LEFT + 300, 46, { width: RIGHT - LEFT - 300, align: 'right', lineBreak: false });
  let fy = 76;
  const valueX = LEFT + 300 + labelWidth;
  for (const [label, value] of facts) {
    font(doc, 'Helvetica', 9, MUTED);
    doc.text(label, LEFT + 300, fy, { width: labelWidth, lineBreak: false });
    font(doc, 'Helvetica-Bold', 9);
    cell(doc, value, valueX, fy, RIGHT - valueX, 'right');
    fy += 13;
  }
  const ruleY = Math.max(y, fy) + 10;
  rule(doc, ruleY, brand.accent, 1.5);
  return ruleY + 16;
};

/** The top of a further page: the brand's name and `text` (which document continues), a rule; returns the y to go on from. */
export const continuationHeader = (doc: Doc, brand: Brand, text: string): number => {
  font(doc, 'Helvetica-Bold', 11, brand.accent);
  doc.text(brand.name, LEFT, 40, { lineBreak: false });
  font(doc, 'Helvetica', 9, MUTED);
  doc.text(text, LEFT + 200, 42, { width: RIGHT - LEFT - 200, align: 'right', lineBreak: false });
  rule(doc, 58);
  return 70;
};

/** Whom the document concerns (heading, name, address lines) at the left from `top`; returns the y below the last line. */
export const partyBlock = (doc: Doc, top: number, heading: string, party: { name: string; lines: readonly string[] }): number => {
  font(doc, 'Helvetica-Bold', 8, MUTED);
  doc.text(heading, LEFT, top, { lineBreak: false });
  font(doc, 'Helvetica-Bold', 11);
  cell(doc, party.name, LEFT, top + 13, 250);
  font(doc, 'Helvetica', 10);
  let y = top + 28;
  for (const line of party.lines) {
    cell(doc, line, LEFT, y, 250);
    y += 13;
  }
  return y;
};

/** The shaded box right of the party block with the amount that matters most (due, or paid); returns its bottom. */
export const amountBox = (doc: Doc, top: number, box: { heading: string; amount: string; note: string; accent: string }): number => {
  const x = LEFT + 300;
  const width = RIGHT - x;
  doc.roundedRect(x, top - 4, width, 74, 4).fillColor(BAND).fill();
  font(doc, 'Helvetica-Bold', 8, MUTED);
  doc.text(box.heading, x + 12, top + 6, { lineBreak: false });
  font(doc, 'Helvetica-Bold', 20, box.accent);
  cell(doc, box.amount, x + 12, top + 20, width - 24);
  font(doc, 'Helvetica', 9, MUTED);
  cell(doc, box.note, x + 12, top + 50, width - 24);
  return top + 74;
};

/** The shaded band behind a table's column headings at `y`, with the headings' font set; returns the headings' baseline. */
export const tableBand = (doc: Doc, y: number): number => {
  doc.rect(LEFT, y, RIGHT - LEFT, ROW + 2).fillColor(BAND).fill();
  font(doc, 'Helvetica-Bold', 8, MUTED);
  return y + 5;
};

/** The brand's support line and "Page n of m" on every page, once the page count is known. */
export const pageFooters = (doc: Doc, brand: Brand, page: (page: number, count: number) => string): void => {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    rule(doc, FOOTER_Y - 8);
    font(doc, 'Helvetica', 8, MUTED);
    doc.text(`${brand.name}  ·  ${brand.supportPhone}  ·  ${brand.supportEmail}`, LEFT, FOOTER_Y, { lineBreak: false });
    doc.text(page(index - start + 1, count), RIGHT - 120, FOOTER_Y, { width: 120, align: 'right', lineBreak: false });
  }
};

/** A Letter document drawn by `draw`; resolves with the whole PDF (a few kilobytes per page). */
export const renderPdf = async (info: { title: string; author: string }, draw: (doc: Doc) => void): Promise<Buffer> => {
  // pdfkit and its font engine are loaded on the first document, not at start-up (idle memory).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: 40, left: LEFT, right: PAGE.width - RIGHT, bottom: 20 },
      bufferPages: true,
      // No default font (pdfkit would parse Helvetica's metrics for it): every draw starts with `font`.
      font: '',
      info: { Title: info.title, Author: info.author, Subject: info.title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
};
