import { describe, expect, it } from 'vitest';
import { ProviderInvoiceBodySchema, USAGE_CLASS_NAMES } from '@portal/contract';
import { UsageClass } from '../../lib/rating';
import { extendedCents, invoiceBodyProblems } from './provider-rules';

const body = (overrides: Record<string, unknown> = {}) =>
  ProviderInvoiceBodySchema.parse({
    accountExternalId: 'A-1',
    number: 'N-1',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    issueDate: '2026-12-01',
    dueDate: '2026-12-21',
    currency: 'CAD',
    lines: [{ description: 'Plan', category: 'Plan', amount: '10.00' }],
    taxes: [{ name: 'GST', amount: '0.50' }],
    total: '10.50',
    ...overrides,
  });
const ok = { accountCurrency: 'CAD', numberTaken: false };

describe('invoiceBodyProblems', () => {
  it.each([
    ['a body that adds up', body(), ok, []],
    ['a period of one day, due the day it is issued', body({ periodEnd: '2026-11-01', dueDate: '2026-12-01' }), ok, []],
    ['a sum a cent off', body({ total: '10.51' }), ok, ['total']],
    ['another currency (the account’s padded as char(3) is read trimmed)', body({ currency: 'USD' }), { ...ok, accountCurrency: 'CAD' }, ['currency']],
    ['a period that ends before it starts', body({ periodEnd: '2026-10-31' }), ok, ['periodEnd']],
    ['due before issued', body({ dueDate: '2026-11-30' }), ok, ['dueDate']],
    ['a number taken', body(), { ...ok, numberTaken: true }, ['number']],
    ['quantity × unitPrice off by a cent', body({ lines: [{ description: 'x', category: 'Usage', amount: '10.00', quantity: '3', unitPrice: '3.3367' }], taxes: [], total: '10.00' }), ok, ['lines.0.amount']],
    ['a usage class on a OneTime line', body({ lines: [{ description: 'x', category: 'OneTime', amount: '10.50', usage: 'International' }], taxes: [] }), ok, ['lines.0.usage']],
    ['an adjustment that lowers the total', body({ lines: [{ description: 'Plan', category: 'Plan', amount: '10.00' }, { description: 'Goodwill', category: 'Adjustment', amount: '-2.00' }], total: '8.50' }), ok, []],
  ])('%s', (_name, input, context, fields) => {
    expect(Object.keys(invoiceBodyProblems(input, context)).sort()).toEqual([...fields].sort());
  });
});

describe('extendedCents', () => {
  it.each([
    ['1', '45', 4500n],
    ['10', '0.25', 250n],
    ['3', '3.3335', 1000n],
    ['0.5', '0.0125', 1n],
    ['1', '-0.005', -1n],
  ])('%s × %s', (quantity, unitPrice, cents) => {
    expect(extendedCents(quantity, unitPrice)).toBe(cents);
  });
});

it('names the usage classes of lib/rating, in its order', () => {
  expect(USAGE_CLASS_NAMES.map((name) => UsageClass[name])).toEqual(USAGE_CLASS_NAMES.map((_, i) => i));
  expect(Object.keys(UsageClass)).toHaveLength(USAGE_CLASS_NAMES.length);
});
