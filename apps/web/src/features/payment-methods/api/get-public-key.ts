import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** CheckoutApi/stripepublickey → the card provider's public key and name. */
export const getPublicKey = (signal?: AbortSignal) => api.call(endpoints.publicKey, { signal });
