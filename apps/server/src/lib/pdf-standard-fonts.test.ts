import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import type { Doc } from './pdf-primitives';
import { useStandardFont, type StandardFontName } from './pdf-standard-fonts';

type SetFont = (doc: Doc, name: StandardFontName) => Doc;

/** A two-page document with kerned text in both fonts; its bytes without the creation date and file id. */
const render = (setFont: SetFont): Promise<{ doc: Doc; bytes: string }> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', font: '', info: { CreationDate: new Date('2026-01-01T00:00:00Z') } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve({ doc, bytes: Buffer.concat(chunks).toString('latin1').replace(/\/ID \[[^\]]*\]/, '') }));
    setFont(doc, 'Helvetica-Bold').fontSize(20).text('AVATAR Wave — Facture', 48, 48);
    setFont(doc, 'Helvetica').fontSize(9);
    doc.text(`Width ${doc.widthOfString('Yes, AV To. Ligne « été »').toFixed(3)}`, 48, 80);
    doc.text('A long line that wraps across the box, with kerning pairs: AT AV AW AY LT LV LW LY PA TA VA WA YA.', 48, 100, { width: 120 });
    doc.addPage();
    setFont(doc, 'Helvetica-Bold').text('Page 2: Tôt Œuvre', 48, 48);
    doc.end();
  });

const byPdfkit: SetFont = (doc, name) => doc.font(name);

type Internals = { _font: { font: unknown; id: string; document: Doc } };

describe('standard fonts shared between documents', () => {
  it('draws the same bytes as pdfkit alone, the first document and every later one', async () => {
    const expected = await render(byPdfkit);
    const first = await render(useStandardFont);
    const later = await render(useStandardFont);
    expect(first.bytes).toBe(expected.bytes);
    expect(later.bytes).toBe(expected.bytes);
    expect(pdfText(Buffer.from(later.bytes, 'latin1'))).toContain('Page 2: Tôt Œuvre');
  });

  it('parses each font once: later documents hold the same metrics under their own id', async () => {
    const { doc: a } = await render(useStandardFont);
    const { doc: b } = await render(useStandardFont);
    const fontOf = (doc: Doc) => (doc as unknown as Internals)._font;
    expect(fontOf(b).font).toBe(fontOf(a).font);
    expect(fontOf(b).document).toBe(b);
    expect(fontOf(b).id).toBe('F1');
    const { doc: plain } = await render(byPdfkit);
    expect(fontOf(plain).font).not.toBe(fontOf(a).font);
  });

  it('kerns every pair as pdfkit does', async () => {
    type Kerning = { kernPairs: Record<string, number>; getKernPair(left: string, right?: string): number };
    const shared = ((await render(useStandardFont)).doc as unknown as { _font: { font: Kerning } })._font.font;
    const own = ((await render(byPdfkit)).doc as unknown as { _font: { font: Kerning } })._font.font;
    expect(shared.getKernPair).not.toBe(own.getKernPair);
    const pairs = Object.keys(own.kernPairs).map((key) => key.split('\0') as [string, string]);
    expect(pairs.length).toBeGreaterThan(1_000);
    for (const [left, right] of [...pairs, ['A', 'B'], ['A', undefined], ['nosuchglyph', 'V']] as const) {
      expect(shared.getKernPair(left, right), `${left} ${right}`).toBe(own.getKernPair(left, right));
    }
  });
});
