import { useCurrentAccount } from '@/lib/current-account/current-account';
import { useTranslation } from '@/lib/i18n/translate';
import { useFormat } from '@/lib/i18n/use-format';

/**
 * On every screen of a closed account: when it closed and until when its invoices and documents stay
 * available (docs/decisions/0016-closing-an-account.md). The screens hide what would write to it.
 */
export function ClosedAccountBanner() {
  const { t } = useTranslation('shell');
  const f = useFormat();
  const { closure } = useCurrentAccount();
  if (!closure) return null;
  return (
    <div role="status" className="border-b border-border bg-surface-2 px-4 py-2 text-center text-sm font-medium text-fg">
      {t('closedAccount.text', { closedOn: f.date(closure.closedAt, 'long'), documentsUntil: f.date(closure.documentsUntil, 'long') })}
    </div>
  );
}
