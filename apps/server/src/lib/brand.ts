import { brandFromEnv, type Brand } from '@portal/contract';

export type { Brand };

/**
 * The provider as printed on invoice documents, named in emails and on the checkout page: the BRAND_*
 * variables the web build reads too, validated when the server starts.
 */
export const BRAND: Brand = brandFromEnv(process.env);
