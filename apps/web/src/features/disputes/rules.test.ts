import { disputableAmount, disputeFormErrors, disputeWindowOf, isAccountNumber, isDisputableCategory, queueFilter } from './rules';

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

describe('disputableAmount: the line less the live disputes counted against it, its records’ included', () => {
  const on = (amount: number, status: 'Open' | 'UnderReview' | 'Resolved' | 'Rejected', lineChargeId: bigint | null = 7n) => ({ amount, status, lineChargeId });
  it.each([
    [50, [], 50],
    [50, [on(20, 'Open')], 30],
    [50, [on(20, 'Rejected')], 50],
    [50, [on(20.1, 'UnderReview'), on(29.9, 'Resolved')], 0],
    [0.3, [on(0.1, 'Open')], 0.2],
    [10, [on(12, 'Open')], 0],
    [50, [on(20, 'Open', 8n)], 50], // another line's dispute
    [50, [on(2, 'Open', null)], 50], // a record billed on no line
    [9.1, [on(7.35, 'Open'), on(1.1, 'Resolved'), on(0.65, 'UnderReview')], 0], // the roaming line's records, disputed one by one
  ])('line %s with case %# → %s', (amount, disputes, expected) => {
    expect(disputableAmount({ id: 7n, amount }, disputes)).toBe(expected);
  });
});

describe('isDisputableCategory: taxes follow the charges they are on', () => {
  it.each([
    ['Plan', true],
    ['Usage', true],
    ['OneTime', true],
    ['Adjustment', true],
    ['Tax', false],
  ] as const)('%s → %s', (category, disputable) => {
    expect(isDisputableCategory(category)).toBe(disputable);
  });
});

describe('queueFilter and isAccountNumber: the queue narrowed to one account', () => {
  it.each([
    ['Status=="Resolved"', '', 'Status=="Resolved"'],
    ['Status=="Open" || Status=="UnderReview"', '100001', '(Status=="Open" || Status=="UnderReview") && AccountNumber=="100001"'],
    ['', 'T000012', 'AccountNumber=="T000012"'],
  ])('%s with %s → %s', (view, number, filter) => {
    expect(queueFilter(view, number)).toBe(filter);
  });
  it.each([
    ['100001', true],
    ['T-0001', true],
    ['', false],
    ['10 01', false],
    ['1"||1==1', false],
    ['x'.repeat(41), false],
  ])('%s is an account number: %s', (text, expected) => {
    expect(isAccountNumber(text)).toBe(expected);
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
