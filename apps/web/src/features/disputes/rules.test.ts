import { disputableAmount, disputeFormErrors, disputeWindowOf } from './rules';

describe('disputeWindowOf: the terms’ 30 days from the billing date', () => {
  const posted = '2026-11-01T00:00:00Z'; // Oct 31 in Toronto
  it.each([
    ['2026-11-25T12:00:00Z', 'America/Toronto', true, '2026-11-30'],
    ['2026-12-01T04:59:59Z', 'America/Toronto', true, '2026-11-30'],
    ['2026-12-01T05:00:00Z', 'America/Toronto', false, '2026-11-30'],
    ['2026-12-01T23:59:59Z', 'UTC', true, '2026-12-01'],
    ['2026-12-02T00:00:00Z', 'UTC', false, '2026-12-01'],
  ])('at %s in %s: open %s, closes %s', (now, zone, open, closesOn) => {
    expect(disputeWindowOf(posted, new Date(now), zone)).toEqual({ open, closesOn });
  });
  it('is closed for an invoice that was never posted', () => {
    expect(disputeWindowOf(null, new Date('2026-11-25T12:00:00Z'), 'UTC')).toEqual({ open: false, closesOn: null });
  });
});

describe('disputableAmount: the line less its live disputes', () => {
  it.each([
    [50, [], 50],
    [50, [{ amount: 20, status: 'Open' as const }], 30],
    [50, [{ amount: 20, status: 'Rejected' as const }], 50],
    [50, [{ amount: 20.1, status: 'UnderReview' as const }, { amount: 29.9, status: 'Resolved' as const }], 0],
    [0.3, [{ amount: 0.1, status: 'Open' as const }], 0.2],
    [10, [{ amount: 12, status: 'Open' as const }], 0],
  ])('line %s with %j → %s', (line, disputes, expected) => {
    expect(disputableAmount(line, disputes)).toBe(expected);
  });
});

describe('disputeFormErrors', () => {
  it.each([
    [{ reason: '' as const, amount: '5', details: '' }, { reason: 'reasonRequired' }],
    [{ reason: 'Other' as const, amount: '', details: '' }, { amount: 'amountInvalid' }],
    [{ reason: 'Other' as const, amount: '0', details: '' }, { amount: 'amountInvalid' }],
    [{ reason: 'Other' as const, amount: '1.234', details: '' }, { amount: 'amountInvalid' }],
    [{ reason: 'Other' as const, amount: '10.01', details: '' }, { amount: 'amountAboveLine' }],
    [{ reason: 'Other' as const, amount: '10', details: 'x'.repeat(11) }, { details: 'detailsTooLong' }],
    [{ reason: 'WrongAmount' as const, amount: '10.00', details: '  fine  ' }, {}],
  ])('%j → %j', (form, errors) => {
    expect(disputeFormErrors(form, 10, 10)).toEqual(errors);
  });
});
