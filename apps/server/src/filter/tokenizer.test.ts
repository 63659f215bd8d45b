import { describe, expect, it } from 'vitest';
import { FilterError } from './errors';
import { tokenize } from './tokenizer';

/** `kind:text@start` per token, without the final end token, for compact tables. */
const summary = (text: string): string[] =>
  tokenize(text)
    .filter((token) => token.kind !== 'end')
    .map((token) => `${token.kind}:${token.kind === 'string' ? JSON.stringify(token.value) : token.text}@${token.start}`);

describe('tokenize', () => {
  it.each<[string, string[]]>([
    ['AccountId==123', ['identifier:AccountId@0', 'symbol:==@9', 'number:123@11']],
    [
      'a!=b<c<=d>e>=f',
      [
        'identifier:a@0',
        'symbol:!=@1',
        'identifier:b@3',
        'symbol:<@4',
        'identifier:c@5',
        'symbol:<=@6',
        'identifier:d@8',
        'symbol:>@9',
        'identifier:e@10',
        'symbol:>=@11',
        'identifier:f@13',
      ],
    ],
    [
      '!(a)&&b||c',
      [
        'symbol:!@0',
        'symbol:(@1',
        'identifier:a@2',
        'symbol:)@3',
        'symbol:&&@4',
        'identifier:b@6',
        'symbol:||@7',
        'identifier:c@9',
      ],
    ],
    [' \t\r\nx ', ['identifier:x@4']],
    ['_a1_B', ['identifier:_a1_B@0']],
    ['-12.50 0 007 -0', ['number:-12.50@0', 'number:0@7', 'number:007@9', 'number:-0@13']],
    ['2025-01-31', ['date:2025-01-31@0']],
    ['EndDate>=2025-08-22&&x', ['identifier:EndDate@0', 'symbol:>=@7', 'date:2025-08-22@9', 'symbol:&&@19', 'identifier:x@21']],
    ['2025-01-31T00:00:00Z', ['date:2025-01-31T00:00:00Z@0']],
    ['2025-01-31T10:00:00.123+05:30)', ['date:2025-01-31T10:00:00.123+05:30@0', 'symbol:)@29']],
    ['2025-01-31T10:00', ['date:2025-01-31T10:00@0']],
    ['"Posted"', ['string:"Posted"@0']],
    ['""', ['string:""@0']],
    ['"a\\"b\\\\c\\/d"', ['string:"a\\"b\\\\c/d"@0']],
    ['"\\n\\r\\t"', ['string:"\\n\\r\\t"@0']],
    ['"\\u00e9\\u00C9\\ud83d\\ude00"', ['string:"éÉ😀"@0']],
    ['"é 😀 \' ; --"', ['string:"é 😀 \' ; --"@0']],
    [
      'x.contains("a", "b")',
      [
        'identifier:x@0',
        'symbol:.@1',
        'identifier:contains@2',
        'symbol:(@10',
        'string:"a"@11',
        'symbol:,@14',
        'string:"b"@16',
        'symbol:)@19',
      ],
    ],
    ['true FALSE null', ['identifier:true@0', 'identifier:FALSE@5', 'identifier:null@11']],
  ])('%s', (text, expected) => {
    expect(summary(text)).toEqual(expected);
  });

  it('ends with an end token at the text length', () => {
    expect(tokenize('a ').at(-1)).toEqual({ kind: 'end', text: '', start: 2 });
    expect(tokenize('')).toEqual([{ kind: 'end', text: '', start: 0 }]);
  });

  it('keeps the source text of a string token', () => {
    expect(tokenize('"a\\nb"')[0]).toEqual({ kind: 'string', text: '"a\\nb"', value: 'a\nb', start: 0 });
  });

  it.each<[string, string, number]>([
    ['"abc', 'Unterminated string at position 0', 0],
    ['x == "abc\\"', 'Unterminated string at position 5', 5],
    ['"abc\\', 'Unterminated string at position 0', 0],
    ['"a\\qb"', "Invalid escape '\\q' in string at position 2", 2],
    ['"\\u12G4"', "Invalid escape '\\u12G4' in string at position 1", 1],
    ['"\\u12"', "Invalid escape '\\u12\"' in string at position 1", 1],
    ['a # b', "Unexpected character '#' at position 2", 2],
    ['a = 1', "Unexpected character '=' (use '==' to compare) at position 2", 2],
    ['a & b', "Unexpected character '&' (use '&&') at position 2", 2],
    ['a | b', "Unexpected character '|' (use '||') at position 2", 2],
    ["a == 'x'", "Unexpected character ''' (strings use double quotes) at position 5", 5],
    ['a - b', "Unexpected character '-' at position 2", 2],
    ['a\u00a0b', "Unexpected character '\u00a0' at position 1", 1],
    ['a\u0000', "Unexpected character '\\u0000' at position 1", 1],
    ['x😀', "Unexpected character '😀' at position 1", 1],
    ['x\ud800', "Unexpected character '\\ud800' at position 1", 1],
    ['1e5', "Invalid number '1e5' at position 0", 0],
    ['x==1.', "Invalid number '1.' at position 3", 3],
    ['x==1.2.3', "Invalid number '1.2.3' at position 3", 3],
    ['x==12abc', "Invalid number '12abc' at position 3", 3],
    ['2025-02-30', "Invalid date '2025-02-30' at position 0", 0],
    ['d>=2025-13-01', "Invalid date '2025-13-01' at position 3", 3],
    ['2025-01-31T24:00:00Z', "Invalid date '2025-01-31T24:00:00Z' at position 0", 0],
    ['2025-01-31T10', "Invalid date '2025-01-31T10' at position 0", 0],
    ['2025-01-31x', "Invalid date '2025-01-31x' at position 0", 0],
  ])('%s → %s', (text, message, position) => {
    let error: unknown;
    try {
      tokenize(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).message).toBe(message);
    expect((error as FilterError).position).toBe(position);
  });

  it('cuts long pieces of input in messages', () => {
    expect(() => tokenize(`2025-01-01${'x'.repeat(100)}`)).toThrow(`Invalid date '2025-01-01${'x'.repeat(30)}…' at position 0`);
  });
});

describe('control characters in string literals', () => {
  it.each(['"a\\u0000"', '"\\u001b"', '"\\b"', '"\\f"', '"\\ud800"', '"a\u0000b"'])('refuses %s', (literal) => {
    expect(() => tokenize(`InvoiceNumber.contains(${literal})`)).toThrow(/^Invalid string: Text .* at position 23$/);
  });
  it('keeps a surrogate pair written as escapes', () => {
    const tokens = tokenize('Name=="\\ud83d\\ude00"');
    expect(tokens[2]).toMatchObject({ kind: 'string', value: '😀' });
  });
});
