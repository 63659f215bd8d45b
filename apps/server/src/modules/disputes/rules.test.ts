import { describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, lineMaximum } from './rules';

describe('lineMaximum: what a new dispute of a line may still claim, in cents', () => {
  it.each([
    // line amount, already disputed, maximum (cents)
    ['50.00', '0', 5000n],
    ['50.00', '20.00', 3000n],
    ['50.00', '50.00', 0n],
    ['50.00', '60.00', 0n], // never below zero
    ['1.50', '0.01', 149n],
    ['0.0125', '0', 1n], // a call record's fraction of a cent is rounded down
    ['0.0099', '0', 0n],
    ['12.3456', '0.00', 1234n],
    ['-5.00', '0', 0n], // a credit line has nothing to dispute
    ['7', '0', 700n],
  ])('line %s, disputed %s → %s', (line, disputed, maximum) => {
    expect(lineMaximum(line, disputed)).toBe(maximum);
  });

  it('refuses text that is not an amount', () => {
    expect(() => lineMaximum('1e3', '0')).toThrow(/Not an amount/);
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
