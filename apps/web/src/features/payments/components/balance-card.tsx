import type { CurrencyCode, HomeModel } from '@portal/contract';
import { Wallet } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { balanceViews } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/use-format';

/**
 * Account Balance: one line per currency; owing is red with "Payment due {date}" (the due
 * date of the oldest unpaid invoice, docs/decisions/0006-where-the-spec-is-wrong.md) or "Overdue since {date}" with the amount overdue, otherwise green. Words say which is which, not colour alone.
 */
export function BalanceCard({ home, fallbackCurrency }: { home: HomeModel; fallbackCurrency: CurrencyCode }) {
  const { t } = useTranslation('payments');
  const f = useFormat();
  const views = balanceViews(home.balances, home.paymentDueDate, home.overdue, fallbackCurrency);
  return (
    <Card as="section" aria-labelledby="balance-title">
      <CardHeader title={t('balance.title')} titleId="balance-title" icon={<Wallet />} />
      <CardBody>
        <ul className="flex flex-col gap-4">
          {views.map((view) => (
            <li key={view.currency} className="flex flex-col gap-1">
              {views.length > 1 && (
                <span className="text-sm font-medium text-fg-muted">{t('balance.currency', { currency: view.currency })}</span>
              )}
              <span
                className={cn(
                  'text-3xl font-semibold tabular-nums',
                  view.tone === 'danger' ? 'text-danger' : 'text-success-text',
                )}
              >
                {f.currency(view.amount, view.currency)}
              </span>
              <span className={cn('text-sm font-medium', view.tone === 'danger' ? 'text-danger-text' : 'text-success-text')}>
                {view.status === 'owing'
                  ? t('balance.owing')
                  : view.status === 'credit'
                    ? t('balance.credit')
                    : t('balance.noBalance')}
              </span>
              {view.status === 'owing' && view.dueDate && (
                <span className="text-sm text-fg">{t(view.overdue ? 'balance.overdueSince' : 'balance.paymentDue', { date: f.date(view.dueDate, 'detail') })}</span>
              )}
              {view.overdueAmount !== null && (
                <span className="text-sm font-semibold text-danger-text">
                  {t('balance.overdueAmount', { amount: f.currency(view.overdueAmount, view.currency) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
