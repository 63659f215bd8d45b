/**
 * pdfkit parses a standard font's metrics (its `AFMFont`: every glyph's width and, for Helvetica, 1,220
 * kerning pairs) anew for every document that uses the font: about a seventh of a document's drawing
 * time, and garbage on every PDF (bench/README.md, documents). The metrics never change, so every
 * document here shares one parse per font: the first document's font, made by pdfkit, is the model of
 * the later ones, which get their own id and PDF object (so each file still embeds its own font entry).
 *
 * The shared metrics also look kerning pairs up in two maps: pdfkit keys them by a string it builds for
 * every pair of letters drawn ("A\0V"), 8 % of a statement's time (bench/README.md, documents).
 *
 * This reads four fields pdfkit keeps private (`_fontFamilies`, `_fontCount`, the font's own metrics and
 * their `kernPairs`); `pdf-standard-fonts.test.ts` fails if a pdfkit release changes them.
 */
import type { Doc } from './pdf-primitives';

export type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

/** The kerning of pdfkit's `AFMFont` (a standard font's metrics). */
interface FontKerning {
  kernPairs: Record<string, number>;
  getKernPair(left: string, right: string | undefined): number;
}

/** Has `font` answer its kerning pairs from two maps, with pdfkit's answers: the amount, or 0. */
const kernFromMaps = (font: FontKerning): void => {
  const pairs = new Map<string, Map<string, number>>();
  for (const [key, amount] of Object.entries(font.kernPairs)) {
    const [left, right] = key.split('\0') as [string, string];
    let rights = pairs.get(left);
    if (!rights) pairs.set(left, (rights = new Map()));
    rights.set(right, amount);
  }
  font.getKernPair = (left, right) => (right === undefined ? 0 : pairs.get(left)?.get(right) || 0);
};

/** What a pdfkit standard font holds that is the same in every document. */
interface FontModel {
  prototype: object;
  name: string;
  font: FontKerning;
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
    kernFromMaps(font);
    models.set(name, { prototype: Object.getPrototypeOf(fonts._font) as object, name: fontName, font, ascender, descender, bbox, lineGap, xHeight, capHeight });
  }
  return doc;
};
