import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `payment-status` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  completed: 'Complété',
};
