import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IdSchema, MoneySchema, PagedQuerySchema } from './primitives';
import { parseJson, stringifyJson } from './json';
import { accountIdsFromScopes } from './scopes';

describe('IdSchema', () => {
  it('decodes numbers, digit strings and bigints to bigint', () => {
    expect(IdSchema.parse(5)).toBe(5n);
    expect(IdSchema.parse('9007199254740993')).toBe(9007199254740993n);
    expect(IdSchema.parse(9007199254740993n)).toBe(9007199254740993n);
  });
  it.each([-1, 1.5, 'abc', '', '12a', '99999999999999999999'])('rejects %s', (value) => {
    expect(IdSchema.safeParse(value).success).toBe(false);
  });
  it('encodes back to bigint for the lossless serializer', () => {
    expect(z.encode(IdSchema, 7n)).toBe(7n);
  });
});

describe('MoneySchema', () => {
  it('accepts at most two decimals and normalises float noise', () => {
    expect(MoneySchema.parse('10.5')).toBe(10.5);
    expect(MoneySchema.parse(0.1 + 0.2)).toBe(0.3);
    expect(MoneySchema.safeParse(1.234).success).toBe(false);
    expect(MoneySchema.safeParse('1.234').success).toBe(false);
    expect(MoneySchema.safeParse(Number.NaN).success).toBe(false);
    expect(MoneySchema.safeParse(1e14).success).toBe(false);
  });
});

describe('lossless JSON', () => {
  it('keeps integers beyond 2^53 exact both ways', () => {
    const text = '{"id":9007199254740993,"amount":12.5,"n":3}';
    const value = parseJson(text) as { id: bigint; amount: number; n: number };
    expect(value).toEqual({ id: 9007199254740993n, amount: 12.5, n: 3 });
    expect(stringifyJson(value)).toBe(text);
  });
  it('does not touch strings that look like the bigint marker', () => {
    expect(stringifyJson({ s: 'bigint:5' })).toBe('{"s":"bigint:5"}');
  });
});

describe('paged query', () => {
  it('applies defaults and bounds take', () => {
    expect(PagedQuerySchema.parse({})).toMatchObject({ skip: 0, take: 100, count: false });
    expect(PagedQuerySchema.parse({ count: 'true', take: '10' })).toMatchObject({ count: true, take: 10 });
    expect(PagedQuerySchema.safeParse({ take: '1001' }).success).toBe(false);
    expect(PagedQuerySchema.safeParse({ skip: '-1' }).success).toBe(false);
  });
});

describe('rules', () => {
  it('reads account ids from ac: scopes only', () => {
    expect(accountIdsFromScopes(['ac:1', 'billing', 'ac:x', 'ac:9007199254740993'])).toEqual([1n, 9007199254740993n]);
  });
});
