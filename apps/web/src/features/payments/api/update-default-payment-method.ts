import { BooleanResultSchema, type UpdateDefaultPaymentMethodRequest } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/**
 * POST /b/v1/Account/update-default-payment-method: "Credit Card" turns automatic payments on (needs a saved
 * schedule), "Credit Card (Manual)" turns them off (the schedule is kept).
 */
export const updateDefaultPaymentMethod = (body: UpdateDefaultPaymentMethodRequest) =>
  billingApi.request({ method: 'POST', path: '/v1/Account/update-default-payment-method', body, schema: BooleanResultSchema });
