import { CheckoutSetupResponseSchema, type CheckoutSetupRequest } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/** POST /b/v1/checkoutapi/setup → `{id, url}`: the provider's setup session and where the browser enters the card. */
export const createCheckoutSetup = (body: CheckoutSetupRequest) =>
  billingApi.request({ method: 'POST', path: '/v1/checkoutapi/setup', body, schema: CheckoutSetupResponseSchema });
