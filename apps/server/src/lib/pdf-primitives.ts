/**
 * What the portal's printed documents (invoice, payment receipt, statement of account) share: a Letter
 * page drawn with pdfkit's standard fonts (nothing is loaded per request), its geometry and ink, cut-to-fit
 * text, the provider's brand block, the footer of every page, and the document's bytes.
 */
import type { Brand } from './brand';

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

export const font = (doc: Doc, name: 'Helvetica' | 'Helvetica-Bold', size: number, color = INK): Doc => doc.font(name).fontSize(size).fillColor(color);

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
