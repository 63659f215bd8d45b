import { notificationText, type Wording } from './rules';

/** A `t` that shows the key and its values, so the test sees which text is chosen with what. */
const wording: Wording = {
  t: (key, values) => `${key} ${JSON.stringify(values ?? {})}`,
  money: (amount, currency) => `${currency} ${amount}`,
  day: (day) => `day ${day}`,
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
  ])('%s → %s', (kind, data, text) => {
    expect(notificationText({ kind, data, message: 'stored' }, wording)).toBe(text);
  });

  it('falls back to the stored text for rows without facts and kinds it does not know', () => {
    expect(notificationText({ kind: 'payment_failed', data: null, message: 'stored' }, wording)).toBe('stored');
    expect(notificationText({ kind: 'something_new', data: { a: 1 }, message: 'stored' }, wording)).toBe('stored');
  });
});
