import { describe, expect, it } from 'vitest';
import { belowFloorRate, samplesOfWindow, type RateSample } from './export-floor-rate';

const FLOOR = { bytesPerSecond: 16 * 1024, windowMs: 30_000 };
const KIB = 1024;

/** Samples every 3 s: [seconds, KiB taken so far, waiting on the client]. */
const samples = (...rows: [number, number, boolean][]): RateSample[] =>
  rows.map(([seconds, kib, waitingOnClient]) => ({ atMs: seconds * 1000, delivered: kib * KIB, waitingOnClient }));
const steady = (kibPerSecond: number, seconds: number, waitingOnClient = true, start = 0): RateSample[] =>
  samples(...Array.from({ length: seconds / 3 + 1 }, (_, i): [number, number, boolean] => [start + i * 3, i * 3 * kibPerSecond, waitingOnClient]));

describe('belowFloorRate', () => {
  it.each([
    ['no samples yet', [], false],
    ['a trickle younger than a window', steady(0.04, 27), false],
    ['a trickle over a whole window (512 bytes every 12 s)', steady(0.04, 30), true],
    ['a client at 15 KiB/s over a whole window', steady(15, 30), true],
    ['a client at exactly the floor', steady(16, 30), false],
    ['a client at 1 MiB/s', steady(1024, 60), false],
    ['a slow export the client keeps up with (nothing waits for the client)', steady(0.04, 60, false), false],
    [
      'a trickle after a fast start: only the last window counts',
      [...samples([0, 0, true], [3, 8192, true]), ...steady(0.04, 30, true, 6).map((s) => ({ ...s, delivered: s.delivered + 8192 * KIB }))],
      true,
    ],
    [
      'one sample of the window with nothing waiting for the client',
      steady(0.04, 30).map((s, i) => (i === 5 ? { ...s, waitingOnClient: false } : s)),
      false,
    ],
  ] as [string, RateSample[], boolean][])('%s: %s', (_, given, below) => {
    expect(belowFloorRate(given, FLOOR)).toBe(below);
  });

  it('never ends a download when the floor is 0', () => {
    expect(belowFloorRate(steady(0, 60), { bytesPerSecond: 0, windowMs: 30_000 })).toBe(false);
  });
});

describe('samplesOfWindow', () => {
  it.each([
    [[], []],
    [[0], [0]],
    [[0, 10, 20], [0, 10, 20]],
    [[0, 10, 20, 30], [0, 10, 20, 30]],
    [[0, 10, 20, 30, 40], [10, 20, 30, 40]],
    [[0, 10, 20, 35, 45], [10, 20, 35, 45]],
    [[0, 10, 20, 40, 41], [10, 20, 40, 41]],
  ])('of samples at %j s keeps %j s', (given, kept) => {
    const rows = given.map((seconds): [number, number, boolean] => [seconds, 0, true]);
    expect(samplesOfWindow(samples(...rows), 30_000).map((s) => s.atMs / 1000)).toEqual(kept);
  });
});
