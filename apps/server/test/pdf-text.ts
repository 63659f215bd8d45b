import { inflateSync } from 'node:zlib';

/**
 * pdfkit's standard fonts write WinAnsi (Windows-1252) codes: Latin-1, except 0x80–0x9F, which hold
 * punctuation such as "–" and "’" (Node's TextDecoder reads that label as plain Latin-1).
 */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = {
  decode: (bytes: Buffer): string =>
    [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80_9F[b - 0x80]! : String.fromCharCode(b))).join(''),
};

/**
 * The text a pdfkit PDF shows: every TJ string of every (inflated) content stream, one per line,
 * decoded from the standard fonts' WinAnsi codes (so "é", "û" and "à" read as such).
 */
export const pdfText = (pdf: Buffer): string => {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  const stream = /stream\r?\n/g;
  for (let match = stream.exec(raw); match; match = stream.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsi.decode(Buffer.from(h[1]!, 'hex'))).join(''));
    }
  }
  return lines.join('\n');
};

export const pdfPageCount = (pdf: Buffer): number => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** Each page's text, in page order (a pdfkit page has one content stream; other streams hold no text). */
export const pdfPageTexts = (pdf: Buffer): string[] => {
  const objects = pdfObjects(pdf);
  return [...objects.values()]
    .filter((o) => /\/Type \/Page\b(?!s)/.test(o.dictionary))
    .map((page) => {
      const contents = /\/Contents (\d+) 0 R/.exec(page.dictionary)![1]!;
      return showText(objects.get(Number(contents))!.stream!);
    });
};

interface PdfObject {
  dictionary: string;
  /** The inflated stream, when the object has one. */
  stream: string | null;
}

const pdfObjects = (pdf: Buffer): Map<number, PdfObject> => {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    let stream: string | null = null;
    if (streamAt >= 0) {
      const dataStart = start + streamAt + /stream\r?\n/.exec(body.slice(streamAt))![0].length;
      const data = pdf.subarray(dataStart, raw.indexOf('endstream', dataStart));
      try {
        stream = inflateSync(data).toString('latin1');
      } catch {
        stream = data.toString('latin1');
      }
    }
    objects.set(Number(match[1]), { dictionary: streamAt >= 0 ? body.slice(0, streamAt) : body, stream });
  }
  return objects;
};

const showText = (content: string): string =>
  [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((array) => [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsi.decode(Buffer.from(h[1]!, 'hex'))).join(''))
    .join('\n');

/** An element of a tagged PDF's structure tree: its type, its children, and the text of its own content. */
export interface PdfStructElement {
  type: string;
  /** Table heading scope (`/A << /O /Table /Scope /Column >>`), when it has one. */
  scope: string | null;
  text: string;
  children: PdfStructElement[];
}

export interface PdfStructure {
  /** The catalog's `/Lang`. */
  lang: string | null;
  /** `/MarkInfo << /Marked true >>`. */
  marked: boolean;
  displayDocTitle: boolean;
  /** The StructTreeRoot's children; null when the PDF is not tagged. */
  root: PdfStructElement[] | null;
}

const literal = (dictionary: string, key: string): string | null =>
  new RegExp(`/${key} \\(([^)]*)\\)`).exec(dictionary)?.[1] ?? null;
const refOf = (dictionary: string, key: string): number | null => {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary);
  return match ? Number(match[1]) : null;
};

/**
 * The structure tree of a tagged pdfkit PDF, read from its objects: every element with the text of the
 * marked content it owns (by page and MCID), children in reading order.
 */
export const pdfStructure = (pdf: Buffer): PdfStructure => {
  const objects = pdfObjects(pdf);
  const catalog = [...objects.values()].find((o) => /\/Type \/Catalog/.test(o.dictionary))!.dictionary;
  const markInfo = refOf(catalog, 'MarkInfo');
  const viewer = refOf(catalog, 'ViewerPreferences');
  const treeRoot = refOf(catalog, 'StructTreeRoot');
  // Marked content per page object: "page MCID" → its text.
  const marked = new Map<string, string>();
  for (const [id, object] of objects) {
    if (!/\/Type \/Page\b(?!s)/.test(object.dictionary)) continue;
    const content = objects.get(refOf(object.dictionary, 'Contents')!)!.stream!;
    for (const m of content.matchAll(/\/\w+ <<\s*\/MCID (\d+)\s*>> BDC([\s\S]*?)EMC/g))
      marked.set(`${id} ${m[1]}`, showText(m[2]!));
  }
  const element = (id: number): PdfStructElement => {
    const dictionary = objects.get(id)!.dictionary;
    const page = refOf(dictionary, 'Pg');
    const kids = /\/K \[([\s\S]*?)\]\s*(?:\/|>>)/.exec(dictionary)?.[1] ?? '';
    const children: PdfStructElement[] = [];
    const texts: string[] = [];
    for (const kid of kids.matchAll(/<<([\s\S]*?)>>|(\d+) 0 R|(\d+)/g)) {
      if (kid[1] !== undefined) texts.push(marked.get(`${refOf(kid[1], 'Pg')} ${/\/MCID (\d+)/.exec(kid[1])![1]}`) ?? '');
      else if (kid[2] !== undefined) children.push(element(Number(kid[2])));
      else if (kid[3] !== undefined) texts.push(marked.get(`${page} ${kid[3]}`) ?? '');
    }
    return {
      type: /\/S \/(\w+)/.exec(dictionary)![1]!,
      scope: /\/Scope \/(\w+)/.exec(dictionary)?.[1] ?? null,
      text: texts.join('\n'),
      children,
    };
  };
  const rootKids = treeRoot ? (/\/K \[([^\]]*)\]/.exec(objects.get(treeRoot)!.dictionary)?.[1] ?? '') : null;
  return {
    lang: literal(catalog, 'Lang'),
    marked: markInfo !== null && /\/Marked true/.test(objects.get(markInfo)!.dictionary),
    displayDocTitle: viewer !== null && /\/DisplayDocTitle true/.test(objects.get(viewer)!.dictionary),
    root: rootKids === null ? null : [...rootKids.matchAll(/(\d+) 0 R/g)].map((m) => element(Number(m[1]))),
  };
};

/** Every element of the tree, depth first (reading order). */
export const structElements = (elements: readonly PdfStructElement[]): PdfStructElement[] =>
  elements.flatMap((e) => [e, ...structElements(e.children)]);

/** The text a screen reader reads, element by element in reading order, one line per element with text. */
export const readingOrder = (structure: PdfStructure): string[] =>
  structElements(structure.root ?? [])
    .map((e) => e.text)
    .filter((text) => text !== '');
