import { Building2 } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAccountClosure, useCurrentAccount } from '@/lib/current-account/current-account';
import { registerLocales } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session/session-store';
import { useFormat } from '@/lib/i18n/use-format';
import { AutomaticPayments, autopayLocales } from '@/features/autopay';
import { PaymentMethodsCard, paymentMethodsLocales, useCheckoutReturn } from '@/features/payment-methods';
import { BalanceCard } from '../components/balance-card';
import { OneTimePaymentCard } from '../components/one-time-payment-card';
import { PageNoticeBanners, usePageNotice } from '../components/page-notice';
import { PaymentHistory } from '../components/payment-history';
import { PaymentsSkeleton } from '../components/payments-skeleton';
import { paymentsLocales } from '../locales';
import { usePaymentsData } from '../use-payments-data';
import { refundsQuery } from '../api/refunds';
import { useRefreshWhenSettled } from '../use-refresh-when-settled';

// The screen's sections come from three features; their texts are in before the first render.
await Promise.all([
  registerLocales('payments', paymentsLocales),
  registerLocales('payment-methods', paymentMethodsLocales),
  registerLocales('autopay', autopayLocales),
]);

/**
 * /payments: balance, saved cards, one-time payment, automatic payments and payment
 * history, with the add-card, pay, delete and autopay dialogs.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  usePageTitle(t('page.title'));
  const { accountId, isLoading: selecting } = useCurrentAccount();
  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.intro')}
        back={<BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>}
      />
      {accountId !== null ? (
        // Keyed by account: switching accounts starts the screen afresh (no banner or dialog of the other one).
        <PaymentsScreen key={String(accountId)} accountId={accountId} />
      ) : selecting ? (
        <PaymentsSkeleton />
      ) : (
        <Card>
          <EmptyState icon={<Building2 />} title={t('page.chooseAccountTitle')} description={t('page.chooseAccountText')} />
        </Card>
      )}
    </>
  );
}

function PaymentsScreen({ accountId }: { accountId: bigint }) {
  const { t } = useTranslation('payments');
  const { details, home, methods, autopay, loadFailed, refreshFailed, retry } = usePaymentsData(accountId);
  // A closed account is read-only: its balance and history stay, its cards and payments are no longer offered.
  const closed = useAccountClosure(accountId) !== null;
  const notice = usePageNotice();
  // Refunds show under their payments; Staff may refund (docs/decisions/0036-refunds-and-pay-all.md).
  const refunds = useQuery(refundsQuery(accountId));
  const canRefund = useSession()?.isStaff ?? false;
  const queryClient = useQueryClient();
  const f = useFormat();
  useCheckoutReturn(accountId, {
    onAdded: () => notice.success({ key: 'page.cardAdded' }),
    onNotSaved: () => notice.error({ key: 'page.cardAlreadySaved' }),
  });
  useRefreshWhenSettled(accountId, home.data?.recentPayments);

  if (loadFailed) {
    return (
      <Banner tone="error">
        {t('page.loadError')}{' '}
        <Button variant="link" onClick={retry}>
          {t('common:retry')}
        </Button>
      </Banner>
    );
  }
  if (!home.data || !details.data || !methods.data) return <PaymentsSkeleton />;

  const { account } = details.data;
  const cards = methods.data;
  return (
    <div className="flex flex-col gap-6">
      <PageNoticeBanners notice={notice} refreshFailed={refreshFailed} />
      {/* minmax(0, …) columns and min-w-0: a wide table scrolls inside its region instead of widening the page. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <BalanceCard home={home.data} fallbackCurrency={account.currency} />
          {!closed && <PaymentMethodsCard accountId={accountId} cards={cards} onSuccess={notice.success} onError={notice.error} />}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {!closed && (
            <>
              <OneTimePaymentCard
                accountId={accountId}
                balances={home.data.balances}
                payments={home.data.recentPayments}
                currency={account.currency}
              />
              <AutomaticPayments
                accountId={accountId}
                paymentMethod={account.paymentMethod}
                cards={cards}
                currency={account.currency}
                schedule={autopay.data}
                scheduleError={autopay.isError}
                // The switch stays: closing its dialogs gives it focus back.
                onSuccess={(text) => notice.success(text, { takeFocus: false })}
                onError={notice.error}
              />
            </>
          )}
          <PaymentHistory
            payments={home.data.recentPayments}
            refunds={refunds.data?.value}
            canRefund={canRefund}
            onRefunded={(refund, openerStays) => {
              void queryClient.invalidateQueries({ queryKey: ['account', accountId] });
              // Focus goes back to the Refund button while it stays; else to the outcome.
              notice.success(t(refund.status === 'Succeeded' ? 'refund.done' : 'refund.pending', { amount: f.currency(refund.amount, refund.currency) }), {
                takeFocus: !openerStays,
              });
            }}
          />
        </div>
      </div>
    </div>
  );
}

export { PaymentsPage as Component };
