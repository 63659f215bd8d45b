/**
 * pdfkit parses a standard font's metrics (its `AFMFont`: every glyph's width and, for Helvetica, 1,220
 * kerning pairs) anew for every document that uses the font: about a seventh of a document's drawing
 * time, and garbage on every PDF (bench/README.md, documents). The metrics never change, so every
 * document here shares one parse per font: the first document's font, made by pdfkit, is the model of
 * the later ones, which get their own id and PDF object (so each file still embeds its own font entry).
 *
 * This reads three fields pdfkit keeps private (`_fontFamilies`, `_fontCount`, the font's own metrics);
 * `pdf-standard-fonts.test.ts` fails if a pdfkit release changes them.
 */
import type { Doc } from './pdf-primitives';

export type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

/** What a pdfkit standard font holds that is the same in every document. */
interface FontModel {
  prototype: object;
  name: string;
  font: unknown;
  ascender: number;
  descender: number;
  bbox: number[];
  lineGap: number;
  xHeight: number;
  capHeight: number;
}

interface DocFonts {
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
  _font: FontModel;
}

const models = new Map<StandardFontName, FontModel>();

/** Sets `doc`'s font to `name`, with the metrics every document shares. */
export const useStandardFont = (doc: Doc, name: StandardFontName): Doc => {
  const fonts = doc as unknown as DocFonts;
  const model = models.get(name);
  if (model && !(name in fonts._fontFamilies)) {
    const { prototype, ...metrics } = model;
    fonts._fontCount += 1;
    fonts._fontFamilies[name] = Object.assign(Object.create(prototype) as object, metrics, { document: doc, id: `F${fonts._fontCount}` });
  }
  doc.font(name);
  if (!model) {
    const { name: fontName, font, ascender, descender, bbox, lineGap, xHeight, capHeight } = fonts._font;
    models.set(name, { prototype: Object.getPrototypeOf(fonts._font) as object, name: fontName, font, ascender, descender, bbox, lineGap, xHeight, capHeight });
  }
  return doc;
};
