import { describe, expect, it } from 'vitest';
import { nextWebhookAttemptAt, webhookRetryDelayMs } from './schedule';

const H = 3_600_000;
const M = 60_000;

describe('webhookRetryDelayMs', () => {
  it.each([
    [1, 5_000],
    [2, 5 * M],
    [3, 30 * M],
    [4, 2 * H],
    [5, 5 * H],
    [6, 10 * H],
    [7, 10 * H],
    [12, 10 * H],
  ])('after failure %i waits %i ms', (failures, delay) => {
    expect(webhookRetryDelayMs(failures)).toBe(delay);
  });
});

describe('nextWebhookAttemptAt', () => {
  const start = new Date('2026-03-01T00:00:00Z');

  it('follows the schedule without jitter at random 0.5, tries last at the 3-day mark, then gives up', () => {
    // Each attempt fails at once when due: the times of the whole round.
    const times: number[] = [];
    let now = start;
    for (let failures = 1; ; failures += 1) {
      const next = nextWebhookAttemptAt(start, failures, now, 0.5);
      if (!next) break;
      times.push((next.getTime() - start.getTime()) / M);
      now = next;
    }
    const offsets = [5 / 60, 5 + 5 / 60, 35 + 5 / 60, 155 + 5 / 60, 455 + 5 / 60, 1055 + 5 / 60];
    for (let i = 6; offsets[i - 1]! + 600 <= 72 * 60; i += 1) offsets.push(offsets[i - 1]! + 600);
    offsets.push(72 * 60);
    expect(times.map((t) => t.toFixed(3))).toEqual(offsets.map((t) => t.toFixed(3)));
    expect(times).toHaveLength(12);
  });

  it.each([
    [0, 4_500],
    [0.5, 5_000],
    [0.999999, 5_500],
  ])('jitters the delay by at most 10 %% (random %f → %i ms)', (random, delay) => {
    expect(nextWebhookAttemptAt(start, 1, start, random)!.getTime() - start.getTime()).toBe(delay);
  });

  it('counts 3 days from the round’s start, not from the first failure', () => {
    const late = new Date(start.getTime() + 72 * H - 4_000);
    expect(nextWebhookAttemptAt(start, 1, late, 0.5)).toEqual(new Date(start.getTime() + 72 * H));
    expect(nextWebhookAttemptAt(start, 1, new Date(start.getTime() + 72 * H), 0.5)).toBeNull();
    expect(nextWebhookAttemptAt(new Date(start.getTime() + H), 1, new Date(start.getTime() + 72 * H), 0.5)).toEqual(new Date(start.getTime() + 72 * H + 5_000));
  });
});
