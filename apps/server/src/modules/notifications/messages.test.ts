import { describe, expect, it } from 'vitest';
import { autopayFailedMessage, formatAmount, paymentFailedMessage } from './messages';

describe('notification texts', () => {
  it.each([
    ['12.50', 'CAD', '$12.50'],
    ['1234.00', 'USD', '$1,234.00'],
    ['5.00', 'GBP', '£5.00'],
  ])('formats %s %s as %s', (amount, currency, text) => {
    expect(formatAmount(amount, currency)).toBe(text);
  });
  it('formats EUR the German way', () => {
    expect(formatAmount('1234.50', 'EUR')).toBe('1.234,50\u00a0€');
  });
  it('names the amount and the reason once, with one full stop', () => {
    expect(autopayFailedMessage('80.00', 'CAD', 'Your card was declined.')).toBe('Automatic payment of $80.00 failed: Your card was declined.');
    expect(paymentFailedMessage('10.00', 'USD', 'Card expired')).toBe('Your payment of $10.00 failed: Card expired.');
  });
});
