import { BooleanResultSchema, type AccountUpdateModel } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/** PUT /b/v1/Account/customerdetails → true when saved (spec §7); the service keeps the dated history. */
export const updateCustomerDetails = (model: AccountUpdateModel) =>
  billingApi.request({ method: 'PUT', path: '/v1/Account/customerdetails', body: model, schema: BooleanResultSchema });
