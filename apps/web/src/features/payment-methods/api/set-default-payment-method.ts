import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** PaymentMethod/defaultmethod: makes the card the account's default. */
export const setDefaultPaymentMethod = (paymentMethodId: bigint) =>
  api.call(endpoints.setDefaultPaymentMethod, { params: { paymentMethodId } });
