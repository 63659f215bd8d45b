import { endpoints, type AccountUpdateModel } from '@portal/contract';
import { api } from '@/lib/api/client';

/** Account/customerdetails → true when saved; the service keeps the dated history. */
export const updateCustomerDetails = (model: AccountUpdateModel) => api.call(endpoints.updateCustomerDetails, { body: model });
