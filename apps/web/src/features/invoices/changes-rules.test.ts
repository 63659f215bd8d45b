import { describe, expect, it } from 'vitest';
import { causeLinesHref, causeUsageHref } from './changes-rules';

describe('causeUsageHref', () => {
  it.each([
    [{ from: '2025-05-01', to: '2025-05-31', type: 'data' as const, roaming: false, minAmount: '0.01' }, '/usage?from=2025-05-01&to=2025-05-31&type=data&roaming=false&minAmount=0.01'],
    [{ from: '2025-05-01', to: '2025-05-31', roaming: true }, '/usage?from=2025-05-01&to=2025-05-31&roaming=true'],
    [undefined, null],
  ])('links %j to %s', (usage, href) => {
    expect(causeUsageHref(usage ? { usage } : {})).toBe(href);
  });
});

describe('causeLinesHref', () => {
  it.each([
    ['taxes', [5n], '9', '#charges-title'],
    ['chargeGone', [3n], '9', '/invoices/9#charges-title'],
    ['chargeGone', [3n], null, null],
    ['other', [], '9', null],
  ] as const)('links a %s cause of lines %s (previous invoice %s) to %s', (kind, chargeIds, previous, href) => {
    expect(causeLinesHref({ kind, chargeIds: [...chargeIds] }, previous === null ? null : BigInt(previous))).toBe(href);
  });
});
