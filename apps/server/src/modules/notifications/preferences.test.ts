import { describe, expect, it } from 'vitest';
import { changedPreferences, preferencesOf } from './preferences';

const allOn = {
  invoice_posted: true,
  payment_succeeded: true,
  payment_failed: true,
  autopay_scheduled: true,
  card_expiring: true,
  dispute_status_changed: true,
};

describe('email preferences', () => {
  it.each([
    ['nothing stored: every event on', [], allOn],
    ['a stored choice wins', [{ event: 'payment_succeeded', email: false }], { ...allOn, payment_succeeded: false }],
    ['a stored "on" stays on', [{ event: 'invoice_posted', email: true }], allOn],
    ['rows of events no longer offered are ignored', [{ event: 'card_expired', email: false }], allOn],
  ])('%s', (_name, rows, expected) => {
    expect(preferencesOf(rows)).toEqual(expected);
  });

  it('lists only what changes', () => {
    expect(changedPreferences(allOn, allOn)).toEqual([]);
    expect(changedPreferences({ ...allOn, card_expiring: false }, { ...allOn, invoice_posted: false })).toEqual([
      { event: 'invoice_posted', email: false },
      { event: 'card_expiring', email: true },
    ]);
  });
});
