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
    [{ kind: 'taxes' as const, chargeIds: [5n] }, 9n, '#charges-title'],
    [{ kind: 'chargeGone' as const, chargeIds: [3n] }, 9n, '/invoices/9#charges-title'],
    [{ kind: 'chargeGone' as const, chargeIds: [3n] }, null, null],
    [{ kind: 'other' as const, chargeIds: [] }, 9n, null],
  ])('links %j (previous %s) to %s', (cause, previous, href) => {
    expect(causeLinesHref(cause, previous)).toBe(href);
  });
});
