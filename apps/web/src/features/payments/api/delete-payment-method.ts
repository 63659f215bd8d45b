import { BooleanResultSchema } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/** DELETE /b/v1/PaymentMethod/methods/{paymentMethodId}; the service refuses the last card (spec §5). */
export const deletePaymentMethod = (paymentMethodId: bigint) =>
  billingApi.request({
    method: 'DELETE',
    path: '/v1/PaymentMethod/methods/{paymentMethodId}',
    params: { paymentMethodId },
    schema: BooleanResultSchema,
  });
