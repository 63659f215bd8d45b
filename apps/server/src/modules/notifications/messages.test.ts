import { describe, expect, it } from 'vitest';
import type { NotificationEvent, NotificationEventData } from '@portal/contract';
import { eventKey, formatAmount, formatDay, notificationText } from './messages';

const card = { paymentMethodId: '7', brand: 'Visa', last4: '4242', expMonth: 3, expYear: 2027 };

describe('notification texts', () => {
  it.each([
    ['12.50', 'CAD', 'en', '$12.50'],
    ['1234.00', 'USD', 'en', '$1,234.00'],
    ['5.00', 'GBP', 'en', '£5.00'],
    ['1234.50', 'EUR', 'en', '1.234,50\u00a0€'],
    ['1234.50', 'CAD', 'fr', '1\u00a0234,50\u00a0$'],
    ['10.00', 'USD', 'fr', '10,00\u00a0$\u00a0US'],
  ] as const)('formats %s %s in %s as %s', (amount, currency, language, text) => {
    expect(formatAmount(amount, currency, language)).toBe(text);
  });

  it('writes calendar dates in the language', () => {
    expect(formatDay('2026-12-04', 'en')).toBe('Dec 4, 2026');
    expect(formatDay('2026-12-04', 'fr')).toBe('4 déc. 2026');
  });

  const cases: [NotificationEvent, NotificationEventData[NotificationEvent], string, string][] = [
    [
      'invoice_posted',
      { invoiceId: '5', invoiceNumber: 'INV-100', amount: '66.35', currency: 'CAD', dueDate: '2026-12-20' },
      'Invoice INV-100 of $66.35 is ready; it is due Dec 20, 2026.',
      'La facture INV-100 de 66,35\u00a0$ est prête ; elle est payable au plus tard le 20 déc. 2026.',
    ],
    ['payment_succeeded', { paymentId: '9', amount: '10.00', currency: 'USD' }, 'Your payment of $10.00 was received. Thank you.', 'Votre paiement de 10,00\u00a0$\u00a0US a été reçu. Merci.'],
    [
      'payment_failed',
      { paymentId: '9', amount: '10.00', currency: 'USD', reason: 'Card expired', automatic: false },
      'Your payment of $10.00 failed: Card expired.',
      'Votre paiement de 10,00\u00a0$\u00a0US a échoué : Card expired.',
    ],
    [
      'payment_failed',
      { paymentId: null, period: '2026-12', amount: '80.00', currency: 'CAD', reason: 'Your card was declined.', automatic: true },
      'Automatic payment of $80.00 failed: Your card was declined.',
      'Le paiement automatique de 80,00\u00a0$ a échoué : Your card was declined.',
    ],
    [
      'autopay_scheduled',
      { period: '2026-12', date: '2026-12-01', amount: '80.00', currency: 'CAD' },
      'An automatic payment of $80.00 will be made on Dec 1, 2026.',
      'Un paiement automatique de 80,00\u00a0$ sera effectué le 1 déc. 2026.',
    ],
    [
      'card_expiring',
      card,
      'Your Visa card ending 4242 expires at the end of 03/2027. Add a new card to keep paying without interruption.',
      'Votre carte Visa se terminant par 4242 expire à la fin de 03/2027. Ajoutez une nouvelle carte pour continuer à payer sans interruption.',
    ],
    [
      'card_expired',
      card,
      'Your Visa card ending 4242 expired at the end of 03/2027. Add a new card to keep paying.',
      'Votre carte Visa se terminant par 4242 a expiré à la fin de 03/2027. Ajoutez une nouvelle carte pour continuer à payer.',
    ],
    [
      'dispute_status_changed',
      { disputeId: '3', status: 'UnderReview', invoiceId: '5', invoiceNumber: 'INV-100' },
      'Your dispute on invoice INV-100 is now under review.',
      'Votre contestation de la facture INV-100 est maintenant en cours d’examen.',
    ],
    [
      'dispute_status_changed',
      { disputeId: '3', status: 'Resolved', invoiceId: '5', invoiceNumber: 'INV-100', amount: '10.00', currency: 'CAD', creditedAmount: '9.04' },
      'Your dispute on invoice INV-100 is resolved: a credit of $9.04 was applied to your account.',
      'Votre contestation de la facture INV-100 est réglée : un crédit de 9,04\u00a0$ a été appliqué à votre compte.',
    ],
  ];
  it.each(cases)('says %s in English and French', (event, data, en, fr) => {
    expect(notificationText(event, data, 'en')).toBe(en);
    expect(notificationText(event, data, 'fr')).toBe(fr);
  });
});

describe('event keys', () => {
  it.each([
    ['invoice_posted', { invoiceId: '5', invoiceNumber: 'X', amount: '1.00', currency: 'CAD', dueDate: '2026-01-01' }, 'invoice_posted:5'],
    ['payment_succeeded', { paymentId: '9', amount: '1.00', currency: 'CAD' }, 'payment_succeeded:9'],
    ['payment_failed', { paymentId: '9', amount: '1.00', currency: 'CAD', reason: 'x', automatic: true }, 'payment_failed:9'],
    ['payment_failed', { paymentId: null, period: '2026-12', amount: '1.00', currency: 'CAD', reason: 'x', automatic: true }, 'payment_failed:autopay:2026-12'],
    ['autopay_scheduled', { period: '2026-W49', date: '2026-12-01', amount: '1.00', currency: 'CAD' }, 'autopay_scheduled:2026-W49'],
    ['card_expiring', card, 'card_expiring:7:03/2027'],
    ['card_expired', card, 'card_expired:7:03/2027'],
    ['dispute_status_changed', { disputeId: '3', status: 'Resolved' }, 'dispute_status_changed:3:Resolved'],
  ] as [NotificationEvent, NotificationEventData[NotificationEvent], string][])('%s → %s', (event, data, key) => {
    expect(eventKey(event, data)).toBe(key);
  });
});
