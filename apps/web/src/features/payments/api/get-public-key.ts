import { PublicKeyResponseSchema } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/** GET /b/v1/CheckoutApi/stripepublickey → the card provider's public key and name. */
export const getPublicKey = (signal?: AbortSignal) =>
  billingApi.request({ path: '/v1/CheckoutApi/stripepublickey', schema: PublicKeyResponseSchema, signal });
