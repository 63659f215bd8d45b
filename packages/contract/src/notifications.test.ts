import { describe, expect, it } from 'vitest';
import { notificationPath } from './notifications';

const card = { paymentMethodId: '7', brand: 'Visa', last4: '4242', expMonth: 3, expYear: 2027 };

describe('notificationPath', () => {
  it.each([
    ['invoice_posted', { invoiceId: '42' }, '/invoices/42'],
    ['dispute_status_changed', { disputeId: '1', status: 'Open', invoiceId: '30' }, '/invoices/30'],
    ['dispute_status_changed', { disputeId: '1', status: 'Open' }, '/invoices'],
    ['payment_succeeded', { paymentId: '9' }, '/payments'],
    ['card_expired', card, '/payments'],
    ['invoice_posted', null, '/invoices'],
    ['something_new', { a: 1 }, '/'],
  ] as const)('%s %j → %s', (event, data, path) => {
    expect(notificationPath(event, data)).toBe(path);
  });
});
