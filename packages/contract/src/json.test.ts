import { describe, expect, it } from 'vitest';
import { parseJson, reviveBigint } from './json';

// Node 20 has no source text for revivers, so parseJson here is lossless-json's parser: the reviver that
// browsers run must give the same value for every number it may meet.
describe('reviveBigint', () => {
  it.each([
    '9007199254740993',
    '-9007199254740993',
    '123456789012345678901234567890',
    '9007199254740991',
    '9007199254740992',
    '-9007199254740992',
    '9007199254740993.0',
    '12.5',
    '1e21',
    '0',
    '-0',
    '3',
  ])('reads %s as the lossless parser does', (text) => {
    const revived = reviveBigint('', JSON.parse(text), { source: text });
    expect(revived).toEqual(parseJson(text));
    expect(typeof revived).toBe(typeof parseJson(text));
  });

  it('gives integers beyond 2^53 back exactly, as bigint', () => {
    expect(reviveBigint('id', 9007199254740992, { source: '9007199254740993' })).toBe(9007199254740993n);
  });

  it('leaves strings, booleans and nulls as they are, and numbers where no source text is given', () => {
    expect(reviveBigint('s', '9007199254740993', { source: '"9007199254740993"' })).toBe('9007199254740993');
    expect(reviveBigint('b', true, { source: 'true' })).toBe(true);
    expect(reviveBigint('n', null, { source: 'null' })).toBeNull();
    expect(reviveBigint('id', 9007199254740992)).toBe(9007199254740992);
  });
});
