import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimestampFormatter, arrayLiteral, encodeCell, encodeRow, escapeText } from './copy-text';

describe('COPY text format', () => {
  it('escapes the characters that separate columns and rows', () => {
    expect(escapeText('plain text, "quoted" é')).toBe('plain text, "quoted" é');
    expect(escapeText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
  });

  it('encodes each kind of cell', () => {
    expect(encodeCell(null)).toBe('\\N');
    expect(encodeCell(true)).toBe('t');
    expect(encodeCell(false)).toBe('f');
    expect(encodeCell(42)).toBe('42');
    expect(encodeCell(9007199254740993n)).toBe('9007199254740993');
    expect(encodeCell(new Date('2025-01-02T03:04:05.678Z'))).toBe('2025-01-02T03:04:05.678Z');
    expect(encodeCell(['Admin', 'Staff'])).toBe('{"Admin","Staff"}');
    expect(encodeCell([])).toBe('{}');
    expect(() => encodeCell(Number.NaN)).toThrow(RangeError);
  });

  it('quotes array elements so commas, braces, quotes and backslashes stay inside them', () => {
    expect(arrayLiteral(['a,b', '{x}', 'say "hi"', 'back\\slash'])).toBe('{"a,b","{x}","say \\"hi\\"","back\\\\slash"}');
    // …and the COPY escaping doubles the backslashes once more.
    expect(encodeCell(['say "hi"'])).toBe('{"say \\\\"hi\\\\""}');
  });

  it('ends a row with a newline and separates cells with tabs', () => {
    expect(encodeRow([1, 'x', null])).toBe('1\tx\t\\N\n');
  });
});

describe('TimestampFormatter', () => {
  it('writes the same instant as Date does, for any second of 1970–2100', () => {
    const formatter = new TimestampFormatter();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_799 }), (second) => {
        const iso = new Date(second * 1000).toISOString();
        return formatter.format(second) === `${iso.slice(0, 10)} ${iso.slice(11, 19)}+00`;
      }),
    );
  });
});
