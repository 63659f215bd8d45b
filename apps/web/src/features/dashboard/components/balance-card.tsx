import { AUTOPAY_ON, type AccountDetailsResponse, type HomeModel } from '@portal/contract';
import { CalendarClock, CreditCard, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { preloadOnIntent } from '@/components/lazy-dialog';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { balanceViews } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/use-format';
import { usePayBalance } from '@/features/payments';
import { useAccountClosure } from '@/lib/current-account/current-account';
import { LoadingBlock } from './loading-block';

/**
 * "Current balance": one figure per currency, owing in red with the payment-due line
 * (or "Overdue since {date}" and the amount overdue), otherwise green; "Make a payment", and whether pre-authorized payments are on.
 * "Make a payment" opens the one-time payment dialog here; with nothing owed it says so.
 */
export function BalanceCard({
  accountId,
  home,
  details,
}: {
  accountId: bigint;
  home: HomeModel | undefined;
  details: AccountDetailsResponse | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const ready = home && details;
  const views = ready ? balanceViews(home.balances, home.paymentDueDate, home.overdue, details.account.currency) : [];
  const autopay = details?.account.paymentMethod === AUTOPAY_ON;
  const [paid, setPaid] = useState<string | null>(null);
  // A closed account takes no payment (docs/decisions/0016-closing-an-account.md).
  const closed = useAccountClosure(accountId) !== null;
  const pay = usePayBalance({
    accountId,
    balances: home?.balances ?? [],
    currency: details?.account.currency ?? 'USD',
    // Focus goes back to "Make a payment"; the banner, a status, is announced without taking it.
    // The dialog closes on a payment received, or on one still settling when the customer closed it.
    onPaid: ({ amount, currency, payment }) =>
      setPaid(t(payment?.status === 'Successful' ? 'balance.received' : 'balance.paid', { amount: f.currency(amount, currency) })),
  });
  return (
    <Card as="section" aria-labelledby="balance-title">
      <CardHeader
        titleId="balance-title"
        title={t('balance.title')}
        icon={<CreditCard />}
        actions={
          closed ? undefined : (
            <Button
              variant="secondary"
              size="sm"
              disabled={!ready}
              onClick={() => {
                setPaid(null);
                pay.start();
              }}
              {...preloadOnIntent(pay.preload)}
            >
              {t('balance.makePayment')}
            </Button>
          )
        }
      />
      <CardBody>
        {/* A live region (there before the button can be used), so the answer to the click is read out while
            focus stays on the button. */}
        {ready && !closed && (
          <p role="status" className="mb-4 text-sm font-medium text-fg empty:hidden">
            {pay.nothingToPay ? t('balance.noBalance') : ''}
          </p>
        )}
        {paid && (
          <Banner tone="success" className="mb-4" onDismiss={() => setPaid(null)}>
            {paid}
          </Banner>
        )}
        {!ready ? (
          // One currency's figure with its due and overdue lines, line for line.
          <LoadingBlock className="gap-0 rounded-lg border border-border p-4">
            <Skeleton className="h-9 w-40 sm:h-10" />
            <Skeleton className="mt-1 h-5 w-1/3" />
            <Skeleton className="mt-2 h-5 w-3/4" />
            <Skeleton className="mt-1 h-5 w-1/2" />
          </LoadingBlock>
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
      {pay.dialog}
    </Card>
  );
}
