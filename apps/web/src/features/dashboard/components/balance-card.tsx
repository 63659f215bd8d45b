import { AUTOPAY_ON, type AccountDetailsResponse, type HomeModel } from '@portal/contract';
import { CalendarClock, CreditCard, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { balanceViews } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/use-format';
import { LoadingBlock } from './loading-block';

/**
 * "Current balance" (spec §4 "Balance"): one figure per currency, owing in red with the payment-due line
 * (or "Overdue since {date}" and the amount overdue), otherwise green; "Make a payment", and whether pre-authorized payments are on.
 */
export function BalanceCard({ home, details }: { home: HomeModel | undefined; details: AccountDetailsResponse | undefined }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const ready = home && details;
  const views = ready ? balanceViews(home.balances, home.paymentDueDate, home.overdue, details.account.currency) : [];
  const autopay = details?.account.paymentMethod === AUTOPAY_ON;
  return (
    <Card as="section" aria-labelledby="balance-title">
      <CardHeader
        titleId="balance-title"
        title={t('balance.title')}
        icon={<CreditCard />}
        actions={
          <Link to={paths.payments} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('balance.makePayment')}
          </Link>
        }
      />
      <CardBody>
        {!ready ? (
          <LoadingBlock />
        ) : (
          <div className="flex flex-col gap-5">
            <ul className={cn('grid gap-4', views.length > 1 && 'sm:grid-cols-2')}>
              {views.map((view) => (
                <li key={view.currency} className="rounded-lg border border-border bg-surface-2/50 p-4">
                  {views.length > 1 && <p className="text-xs font-semibold text-fg-muted uppercase">{view.currency}</p>}
                  <p
                    className={cn(
                      'text-3xl font-semibold tabular-nums sm:text-4xl',
                      view.tone === 'danger' ? 'text-danger' : 'text-success',
                    )}
                  >
                    {f.currency(view.amount, view.currency)}
                  </p>
                  <p className="mt-1 text-sm font-medium">
                    {view.status === 'owing'
                      ? t('balance.owing')
                      : view.status === 'credit'
                        ? t('balance.credit')
                        : t('balance.noBalance')}
                  </p>
                  {view.status === 'owing' && (
                    <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-danger">
                      <CalendarClock className="size-4" aria-hidden="true" />
                      {view.dueDate
                        ? t(view.overdue ? 'balance.overdueSince' : 'balance.paymentDue', { date: f.date(view.dueDate, 'detail') })
                        : t('balance.paymentDueNow')}
                    </p>
                  )}
                  {view.overdueAmount !== null && (
                    <p className="mt-1 text-sm font-semibold text-danger">
                      {t('balance.overdueAmount', { amount: f.currency(view.overdueAmount, view.currency) })}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            {autopay && (
              <p className="inline-flex items-center gap-2 text-sm font-medium text-success">
                <ShieldCheck className="size-4" aria-hidden="true" />
                {t('balance.autopay')}
              </p>
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
