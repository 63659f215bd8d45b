/**
 * Seeded randomness for the demo data. mulberry32 is tiny, fast and good enough to make data look
 * varied; it is NOT for anything secret. Every random choice of the generator goes through an
 * `Rng` derived from fixed seeds, so the same inputs always give the same data.
 */

/** A deterministic stream of numbers in [0, 1) with the few helpers the generator needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32 step. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() needs at least one item');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Index into `weights` chosen with probability proportional to its weight. */
  weighted(weights: readonly number[], total: number): number {
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}

/** murmur3's 32-bit finaliser: spreads every input bit over the whole output. */
const fmix32 = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/**
 * One seed from several numbers (e.g. account seed, invoice ordinal, purpose): independent streams
 * for each part of the data, so adding a draw in one place does not shift every later value.
 */
export const mixSeed = (...parts: readonly number[]): number => {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = fmix32((h ^ fmix32(part >>> 0) ^ fmix32(Math.floor(part / 4294967296) >>> 0)) + 0x7f4a7c15);
  }
  return h;
};

/** FNV-1a of a string: stable seeds from names such as 'customer'. */
export const hashString = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};
