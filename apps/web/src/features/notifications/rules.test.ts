import { notificationText, type Wording } from './rules';

/** A `t` that shows the key and its values, so the test sees which text is chosen with what. */
const wording: Wording = {
  t: (key, values) => `${key} ${JSON.stringify(values ?? {})}`,
  money: (amount, currency) => `${currency} ${amount}`,
  day: (day) => `day ${day}`,
  number: (n) => `n${n}`,
};

const card = { paymentMethodId: '7', brand: 'Visa', last4: '4242', expMonth: 3, expYear: 2027 };

describe('notification wording', () => {
  it.each([
    ['payment_failed', { paymentId: null, period: '2026-12', amount: '80.00', currency: 'CAD', reason: 'Declined.', automatic: true }, 'events.payment_failed_automatic {"amount":"CAD 80.00","reason":"Declined"}'],
    ['payment_failed', { paymentId: '9', amount: '8.00', currency: 'USD', reason: 'Declined', automatic: false }, 'events.payment_failed {"amount":"USD 8.00","reason":"Declined"}'],
    ['autopay_scheduled', { period: 'due:4', date: '2026-12-01', amount: '5.00', currency: 'CAD' }, 'events.autopay_scheduled {"amount":"CAD 5.00","date":"day 2026-12-01"}'],
    ['card_expiring', card, 'events.card_expiring {"brand":"Visa","last4":"4242","expiry":"03/2027"}'],
    ['card_expired', card, 'events.card_expired {"brand":"Visa","last4":"4242","expiry":"03/2027"}'],
    ['dispute_status_changed', { disputeId: '1', status: 'Resolved' }, 'events.dispute_status_changed_plain {"status":"disputeStatus.Resolved {\\"defaultValue\\":\\"Resolved\\"}"}'],
    [
      'dispute_status_changed',
      { disputeId: '1', status: 'Resolved', invoiceId: '30', invoiceNumber: 'AM-30', amount: '10.00', currency: 'CAD', creditedAmount: '8.00' },
      'events.dispute_resolved_credit {"invoiceNumber":"AM-30","credit":"CAD 8.00"}',
    ],
    ['dispute_status_changed', { disputeId: '1', status: 'Resolved', currency: 'CAD', creditedAmount: '8.00' }, 'events.dispute_resolved_credit_plain {"credit":"CAD 8.00"}'],
    [
      'usage_alert',
      { alert: 'voice', periodStart: '2026-11-01', periodEnd: '2026-11-30', daysLeft: 1, percent: 80, used: '85', included: '100', currency: 'CAD' },
      'events.usage_alert_voice {"percent":80,"used":"n85","included":"n100","days":"usageDaysLeft {\\"count\\":1}"}',
    ],
    [
      'usage_alert',
      { alert: 'limit', periodStart: '2026-11-01', periodEnd: '2026-11-30', daysLeft: 10, used: '10.50', amount: '10.00', currency: 'CAD' },
      'events.usage_alert_limit {"used":"CAD 10.50","amount":"CAD 10.00","days":"usageDaysLeft {\\"count\\":10}"}',
    ],
    [
      'usage_alert',
      { alert: 'roaming_started', periodStart: '2026-11-01', periodEnd: '2026-11-30', daysLeft: 3, used: '1.50', currency: 'CAD' },
      'events.usage_alert_roaming_started {"used":"CAD 1.50","days":"usageDaysLeft {\\"count\\":3}"}',
    ],
  ])('%s → %s', (kind, data, text) => {
    expect(notificationText({ kind, data, message: 'stored' }, wording)).toBe(text);
  });

  it('falls back to the stored text for rows without facts and kinds it does not know', () => {
    expect(notificationText({ kind: 'payment_failed', data: null, message: 'stored' }, wording)).toBe('stored');
    expect(notificationText({ kind: 'something_new', data: { a: 1 }, message: 'stored' }, wording)).toBe('stored');
  });
});
