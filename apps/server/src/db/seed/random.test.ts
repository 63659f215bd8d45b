import { describe, expect, it } from 'vitest';
import { Rng, hashString, mixSeed } from './random';

const draw = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.next());

describe('Rng', () => {
  it('repeats the same stream for the same seed and differs for another', () => {
    expect(draw(new Rng(42), 20)).toEqual(draw(new Rng(42), 20));
    expect(draw(new Rng(42), 20)).not.toEqual(draw(new Rng(43), 20));
  });

  it('stays in [0, 1) and spreads over it', () => {
    const values = draw(new Rng(7), 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it('int() reaches both bounds and nothing outside them', () => {
    const rng = new Rng(1);
    const seen = new Set(Array.from({ length: 2000 }, () => rng.int(3, 7)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('weighted() follows the weights', () => {
    const rng = new Rng(9);
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i++) counts[rng.weighted([1, 0, 3], 4)]! += 1;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.5);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.5);
  });

  it('refuses to pick from nothing', () => {
    expect(() => new Rng(1).pick([])).toThrow(RangeError);
  });
});

describe('seed derivation', () => {
  it('mixSeed depends on every part and on their order', () => {
    // Parts above 2^32 count too (ids), not just their low 32 bits.
    const inputs = [
      [1, 2],
      [2, 1],
      [1, 3],
      [1, 2, 0],
      [2 ** 40 + 1, 2],
      [2 ** 41 + 1, 2],
    ];
    expect(new Set(inputs.map((parts) => mixSeed(...parts))).size).toBe(inputs.length);
    expect(mixSeed(1, 2)).toBe(mixSeed(1, 2));
  });

  it('hashString is stable and spreads similar names', () => {
    expect(hashString('demo:customer')).toBe(hashString('demo:customer'));
    expect(hashString('demo:extra:1')).not.toBe(hashString('demo:extra:2'));
  });
});
