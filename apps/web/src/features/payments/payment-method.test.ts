import { describe, expect, it } from 'vitest';
import type { RecentPayment } from '@portal/contract';
import { paymentMethodLabel } from './payment-method';

type Payment = Pick<RecentPayment, 'card' | 'method' | 'type'>;
const offline = (method: RecentPayment['method']): Payment => ({ card: null, method, type: 'Bank transfer' });

describe('paymentMethodLabel', () => {
  it.each<[string, Payment, string, string]>([
    ['a card', { card: { brand: 'Visa', last4: '4242' }, method: null, type: 'Credit Card (Manual)' }, 'en', 'Visa •••• 4242'],
    ['a bank transfer', offline('bank_transfer'), 'en', 'Bank transfer'],
    ['a bank transfer', offline('bank_transfer'), 'fr', 'Virement bancaire'],
    ['cash', offline('cash'), 'en', 'Cash'],
    ['cash', offline('cash'), 'fr', 'Comptant'],
    ['a cheque', offline('cheque'), 'en', 'Cheque'],
    ['a cheque', offline('cheque'), 'fr', 'Chèque'],
    ['another way', offline('other'), 'en', 'Other'],
    ['another way', offline('other'), 'fr', 'Autre'],
    ['neither, by its type', { card: null, method: null, type: 'Credit Card' }, 'en', 'Credit Card'],
  ])('names %s in %s as "%s"', (_name, payment, language, label) => {
    expect(paymentMethodLabel(payment, language)).toBe(label);
  });
});
