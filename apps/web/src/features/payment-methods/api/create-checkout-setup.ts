import { endpoints, type CheckoutSetupRequest } from '@portal/contract';
import { api } from '@/lib/api/client';

/** checkoutapi/setup → `{id, url}`: the provider's setup session and where the browser enters the card. */
export const createCheckoutSetup = (body: CheckoutSetupRequest) => api.call(endpoints.checkoutSetup, { body });
