import { describe, expect, it } from 'vitest';
import { createVersionedCache } from './versioned-cache';

const t0 = Date.parse('2026-11-25T10:00:00Z');
const textCache = (maxBytes: number) => createVersionedCache<string>({ maxBytes, sizeOf: (text) => text.length });

describe('versioned cache', () => {
  it.each([
    { case: 'same version, before expiry', version: '7', at: 59_999, served: true },
    { case: 'same version, at expiry', version: '7', at: 60_000, served: false },
    { case: 'another version (a write since)', version: '8', at: 0, served: false },
  ])('$case → served $served', ({ version, at, served }) => {
    const cache = textCache(1_000);
    cache.set('42', '7', '{"answer":1}', t0 + 60_000);
    expect(cache.get('42', version, t0 + at)).toBe(served ? '{"answer":1}' : undefined);
  });

  it('keeps a value with no expiry until its version changes', () => {
    const cache = textCache(1_000);
    cache.set('42', '7', '{}', Infinity);
    expect(cache.get('42', '7', t0 + 365 * 86_400_000)).toBe('{}');
    expect(cache.get('42', '8', t0)).toBeUndefined();
  });

  it('drops a value that is no longer served, so it holds no bytes', () => {
    const cache = textCache(1_000);
    cache.set('42', '7', 'x'.repeat(100), Infinity);
    expect(cache.has('42')).toBe(true);
    expect(cache.bytes).toBe(100);
    expect(cache.get('42', '8', t0)).toBeUndefined();
    expect(cache.has('42')).toBe(false);
    expect(cache.bytes).toBe(0);
    expect(cache.get('42', '7', t0)).toBeUndefined();
  });

  it('replaces the value of a key and counts its bytes once', () => {
    const cache = textCache(1_000);
    cache.set('42', '7', 'x'.repeat(100), Infinity);
    cache.set('42', '8', 'y'.repeat(30), Infinity);
    expect(cache.bytes).toBe(30);
    expect(cache.get('42', '8', t0)).toBe('y'.repeat(30));
  });

  it('keeps within its byte budget by evicting the value used longest ago', () => {
    const cache = textCache(300);
    for (const key of ['a', 'b', 'c']) cache.set(key, '1', key.repeat(100), Infinity);
    expect(cache.get('a', '1', t0)).toBeDefined(); // a is now the most recently used
    cache.set('d', '1', 'd'.repeat(100), Infinity);
    expect(cache.bytes).toBe(300);
    expect(cache.get('b', '1', t0)).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key, '1', t0)?.[0])).toEqual(['a', 'c', 'd']);
  });

  it('counts a value again after it grew, evicting what was used longest ago to stay in budget', () => {
    const cache = createVersionedCache<{ parts: string[] }>({ maxBytes: 300, sizeOf: (v) => v.parts.join('').length });
    const grown = { parts: ['a'.repeat(100)] };
    cache.set('a', '1', grown, Infinity);
    cache.set('b', '1', { parts: ['b'.repeat(100)] }, Infinity);
    cache.set('c', '1', { parts: ['c'.repeat(100)] }, Infinity);
    grown.parts.push('z'.repeat(50));
    cache.resize('a');
    expect(cache.bytes).toBe(250);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    cache.resize('missing');
    expect(cache.bytes).toBe(250);
  });

  it('keeps nothing with a budget of zero, nor a value larger than the budget', () => {
    const none = textCache(0);
    none.set('42', '7', '{}', Infinity);
    expect(none.has('42')).toBe(false);
    const small = textCache(10);
    small.set('a', '1', 'a'.repeat(5), Infinity);
    small.set('b', '1', 'b'.repeat(11), Infinity);
    expect(small.get('a', '1', t0)).toBe('aaaaa');
    expect(small.get('b', '1', t0)).toBeUndefined();
    expect(small.bytes).toBe(5);
  });
});
