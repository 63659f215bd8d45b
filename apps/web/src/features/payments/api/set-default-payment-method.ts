import { BooleanResultSchema } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/** POST /b/v1/PaymentMethod/defaultmethod/{paymentMethodId}: makes the card the account's default. */
export const setDefaultPaymentMethod = (paymentMethodId: bigint) =>
  billingApi.request({
    method: 'POST',
    path: '/v1/PaymentMethod/defaultmethod/{paymentMethodId}',
    params: { paymentMethodId },
    schema: BooleanResultSchema,
  });
