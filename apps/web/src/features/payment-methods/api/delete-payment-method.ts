import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** PaymentMethod/methods (DELETE); the service refuses the last card. */
export const deletePaymentMethod = (paymentMethodId: bigint) =>
  api.call(endpoints.deletePaymentMethod, { params: { paymentMethodId } });
