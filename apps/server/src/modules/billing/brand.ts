/** The provider's brand on invoice documents: the one configuration in lib/brand.ts. */
export { BRAND, type Brand } from '../../lib/brand';
