import { lazyDialog } from '@/components/lazy-dialog';

/** The statement dialog loads on its first opening: the invoice list shows without it. */
export const StatementDialog = lazyDialog(
  () => import('./statement-dialog'),
  (m) => m.StatementDialog,
);
