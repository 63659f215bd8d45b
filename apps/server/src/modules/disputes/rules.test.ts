import { describe, expect, it } from 'vitest';
import { creditableCents, disputableCents, DISPUTE_MESSAGES, taxFollowingCents, type Claimed } from './rules';

const claims = (amount: string, disputed = '0', credited = '0'): Claimed => ({ amount, disputed, credited });

describe('disputableCents: what a new dispute of a line or a call record may still claim', () => {
  it.each([
    // line (amount, disputed on it and its records), record (amount, disputed on it), maximum in cents
    [claims('50.00'), null, 5000n],
    [claims('50.00', '20.00'), null, 3000n],
    [claims('50.00', '50.00'), null, 0n],
    [claims('50.00', '60.00'), null, 0n], // never below zero
    [claims('1.50', '0.01'), null, 149n],
    [claims('-5.00'), null, 0n], // a credit line has nothing to dispute
    [claims('7'), null, 700n],
    [null, claims('0.0125'), 1n], // a call record's fraction of a cent is rounded down
    [null, claims('0.0099'), 0n],
    [null, claims('12.3456', '0.00'), 1234n], // a record billed on no line: only itself
    // The roaming line of the issue: 9.10, disputed whole, leaves nothing to its records.
    [claims('9.10', '9.10'), claims('7.35'), 0n],
    // Its records disputed first leave the line (and every other record) only the rest.
    [claims('9.10', '8.45'), null, 65n],
    [claims('9.10', '7.35'), claims('1.10'), 110n],
    [claims('9.10', '7.35'), claims('7.35', '7.35'), 0n], // the record itself is taken
    [claims('9.10', '1.00'), claims('7.35'), 735n], // the record's own amount is the smaller bound
    [claims('9.10', '8.00'), claims('7.35'), 110n], // the line's rest is the smaller bound
  ])('line %o, record %o → %s', (line, record, maximum) => {
    expect(disputableCents({ line, record })).toBe(maximum);
  });

  it('refuses text that is not an amount', () => {
    expect(() => disputableCents({ line: claims('1e3'), record: null })).toThrow(/Not an amount/);
  });
});

describe('creditableCents: what a resolution may credit', () => {
  it.each([
    // line, record, disputed, open on the invoice, maximum in cents
    [claims('50.00'), null, '20.00', '80.00', 2000n], // the disputed amount
    [claims('50.00'), null, '20.00', '15.00', 1500n], // what the invoice still owes
    [claims('50.00'), null, '20.00', '-3.00', 0n], // an invoice paid over owes nothing
    [claims('50.00', '50.00', '40.00'), null, '20.00', '80.00', 1000n], // the line's other credits
    // 9.10 already credited on the line: its records' disputes get nothing more.
    [claims('9.10', '17.55', '9.10'), claims('7.35', '7.35'), '7.35', '80.00', 0n],
    [claims('9.10', '9.10', '7.35'), claims('1.10', '1.10'), '1.10', '80.00', 110n],
    [claims('9.10', '9.10', '1.00'), claims('7.35', '7.35', '7.00'), '7.35', '80.00', 35n], // the record's own credits
    [null, claims('2.4567'), '2.45', '80.00', 245n],
  ])('line %o, record %o, disputed %s, open %s → %s', (line, record, disputed, open, maximum) => {
    expect(creditableCents({ line, record }, disputed, open)).toBe(maximum);
  });
});

describe('taxFollowingCents: the tax a credit of a charge takes with it', () => {
  it.each([
    // credit (cents), subtotal, taxes, tax already credited, tax that follows (cents)
    [1000n, '80.00', '10.40', '0', 130n], // HST 13% of 10.00
    [1000n, '80.00', '0', '0', 0n], // an invoice without taxes (US accounts)
    [333n, '100.00', '14.98', '0', 50n], // GST + QST (14.975%): 49.88 cents, half up
    [1n, '100.00', '13.00', '0', 0n], // 0.13 of a cent rounds to nothing
    [8000n, '80.00', '10.40', '0', 1040n], // the whole subtotal takes every tax
    [8000n, '80.00', '10.40', '9.50', 90n], // never more than the other credits left
    [1000n, '80.00', '10.40', '10.40', 0n],
    [1000n, '0.00', '0', '0', 0n], // nothing taxable
    [1000n, '-5.00', '0.00', '0', 0n], // a credit invoice
    [0n, '80.00', '10.40', '0', 0n],
  ])('credit %s of subtotal %s with taxes %s (credited %s) → %s', (credit, subtotal, taxes, taxCredited, tax) => {
    expect(taxFollowingCents(credit, { subtotal, taxes, taxCredited })).toBe(tax);
  });
});

describe('DISPUTE_MESSAGES', () => {
  it('say the terms’ rule and the dates when the window has closed', () => {
    expect(DISPUTE_MESSAGES.windowClosed('2026-09-30', '2026-10-30')).toBe(
      'The terms say charge disputes must be raised within 30 days of the billing date. This invoice was billed on 2026-09-30; disputes closed after 2026-10-30.',
    );
  });
  it('say which status allows the move', () => {
    expect(DISPUTE_MESSAGES.cannotMove('Resolved', 'UnderReview')).toBe('This dispute is resolved: only an open dispute can be taken for review.');
    expect(DISPUTE_MESSAGES.cannotMove('Open', 'Resolved')).toBe('This dispute is open: only a dispute under review can be resolved or rejected.');
  });
});
