import { OFFLINE_PAYMENT_METHOD_LABELS, type RecentPayment } from '@portal/contract';
import { cardLabel } from '@/lib/cards';

/**
 * How a payment was made, as Payment History shows it: the card ("Visa •••• 4242"), else how a payment
 * taken outside the portal was made, in the customer's language ("Virement bancaire"), else its type.
 */
export const paymentMethodLabel = (payment: Pick<RecentPayment, 'card' | 'method' | 'type'>, language: string): string => {
  if (payment.card) return cardLabel(payment.card);
  if (payment.method) return OFFLINE_PAYMENT_METHOD_LABELS[language === 'fr' ? 'fr' : 'en'][payment.method];
  return payment.type;
};
