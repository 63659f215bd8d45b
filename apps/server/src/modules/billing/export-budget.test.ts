import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { createExportBudget, EXPORT_MESSAGES, EXPORT_RETRY_AFTER_SECONDS, type ExportOwner } from './export-budget';

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message, retryAfter: error.headers['retry-after'] };
  }
  return null;
};

const link = (accountId: bigint): ExportOwner => ({ accountId, userId: null });
const of = (userId: bigint, accountId: bigint): ExportOwner => ({ accountId, userId });
const retryAfter = String(EXPORT_RETRY_AFTER_SECONDS);

describe('export budget', () => {
  it('allows the per-account number, then 429 with Retry-After for that account only', () => {
    const budget = createExportBudget({ overall: 5, perAccount: 2, perUser: 2 });
    budget.take(link(1n));
    budget.take(link(1n));
    expect(refusal(() => budget.take(link(1n)))).toEqual({ status: 429, message: EXPORT_MESSAGES.accountBusy, retryAfter });
    expect(refusal(() => budget.take(link(2n)))).toBeNull();
    expect(budget.inUse()).toBe(3);
  });

  it('answers 503 with Retry-After once every slot is taken, and frees slots once per release', () => {
    const budget = createExportBudget({ overall: 2, perAccount: 2, perUser: 2 });
    const release = budget.take(link(1n));
    budget.take(link(2n));
    expect(refusal(() => budget.take(link(3n)))).toMatchObject({ status: 503, message: EXPORT_MESSAGES.serviceBusy });
    release();
    release();
    expect(budget.inUse()).toBe(1);
    expect(refusal(() => budget.take(link(3n)))).toBeNull();
    expect(refusal(() => budget.take(link(4n)))).toMatchObject({ status: 503 });
  });

  // [what is already streaming, the next export, its refusal (null: it streams)]
  const PER_PERSON: [string, ExportOwner[], ExportOwner, { status: number; message: string } | null][] = [
    ['a person’s third export, of a third account', [of(7n, 1n), of(7n, 2n)], of(7n, 3n), { status: 429, message: EXPORT_MESSAGES.personBusy }],
    ['a person’s third export, of an account they already export', [of(7n, 1n), of(7n, 2n)], of(7n, 1n), { status: 429, message: EXPORT_MESSAGES.personBusy }],
    ['a person’s second export', [of(7n, 1n)], of(7n, 2n), null],
    ['another person, beside one at their bound', [of(7n, 1n), of(7n, 2n)], of(8n, 3n), null],
    ['another person, of an account at its bound', [of(7n, 1n), of(8n, 1n)], of(9n, 1n), { status: 429, message: EXPORT_MESSAGES.accountBusy }],
    ['a signed link, beside a person at their bound', [of(7n, 1n), of(7n, 2n)], link(3n), null],
    ['a person, beside signed links of other accounts', [link(1n), link(2n), link(3n)], of(7n, 4n), null],
  ];
  it.each(PER_PERSON)('%s', (_, streaming, next, refused) => {
    const budget = createExportBudget({ overall: 10, perAccount: 2, perUser: 2 });
    for (const owner of streaming) budget.take(owner);
    expect(refusal(() => budget.take(next))).toEqual(refused && { ...refused, retryAfter });
  });

  it('gives a person their slot back when one of their exports ends', () => {
    const budget = createExportBudget({ overall: 10, perAccount: 2, perUser: 2 });
    const first = budget.take(of(7n, 1n));
    budget.take(of(7n, 2n));
    expect(refusal(() => budget.take(of(7n, 3n)))).toMatchObject({ status: 429 });
    first();
    first();
    expect(refusal(() => budget.take(of(7n, 3n)))).toBeNull();
    expect(refusal(() => budget.take(of(7n, 4n)))).toMatchObject({ status: 429, message: EXPORT_MESSAGES.personBusy });
  });
});
