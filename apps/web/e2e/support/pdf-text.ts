import { inflateSync } from 'node:zlib';

// The same reader as apps/server/test/pdf-text.ts (the two test suites share no code).

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
