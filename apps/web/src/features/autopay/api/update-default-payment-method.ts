import { endpoints, type UpdateDefaultPaymentMethodRequest } from '@portal/contract';
import { api } from '@/lib/api/client';

/**
 * Account/update-default-payment-method: "Credit Card" turns automatic payments on (needs a saved schedule),
 * "Credit Card (Manual)" turns them off (the schedule is kept).
 */
export const updateDefaultPaymentMethod = (body: UpdateDefaultPaymentMethodRequest) =>
  api.call(endpoints.updateDefaultPaymentMethod, { body });
