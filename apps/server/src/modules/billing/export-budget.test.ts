import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { createExportBudget, EXPORT_MESSAGES, EXPORT_RETRY_AFTER_SECONDS } from './export-budget';

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message, retryAfter: error.headers['retry-after'] };
  }
  return null;
};

describe('export budget', () => {
  it('allows the per-account number, then 429 with Retry-After for that account only', () => {
    const budget = createExportBudget({ overall: 5, perAccount: 2 });
    budget.take(1n);
    budget.take(1n);
    expect(refusal(() => budget.take(1n))).toEqual({ status: 429, message: EXPORT_MESSAGES.accountBusy, retryAfter: String(EXPORT_RETRY_AFTER_SECONDS) });
    expect(refusal(() => budget.take(2n))).toBeNull();
    expect(budget.inUse()).toBe(3);
  });

  it('answers 503 with Retry-After once every slot is taken, and frees slots once per release', () => {
    const budget = createExportBudget({ overall: 2, perAccount: 2 });
    const release = budget.take(1n);
    budget.take(2n);
    expect(refusal(() => budget.take(3n))).toMatchObject({ status: 503, message: EXPORT_MESSAGES.serviceBusy });
    release();
    release();
    expect(budget.inUse()).toBe(1);
    expect(refusal(() => budget.take(3n))).toBeNull();
    expect(refusal(() => budget.take(4n))).toMatchObject({ status: 503 });
  });
});
