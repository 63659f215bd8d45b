import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { hasPendingPayment, SETTLING_POLL_MS } from '@/lib/payment-status';
import { registerLocales } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { accountDetailsQuery } from '@/features/account';
import { ArrangementCard, homeWithArrangement, latestArrangementQuery } from '@/features/arrangements';
import { homeModelQuery } from '@/lib/home-model';
import { latestInvoicesQuery } from '../api/get-latest-invoices';
import { AccountDetailsCard } from '../components/account-details-card';
import { AccountHeading } from '../components/account-heading';
import { BalanceCard } from '../components/balance-card';
import { LatestBillCard } from '../components/latest-bill-card';
import { FamilyBalanceCard } from '../components/family-balance-card';
import { useAccountClosure, useCurrentAccount } from '@/lib/current-account/current-account';
import { Tiles } from '../components/tiles';
import { dashboardLocales } from '../locales';

await registerLocales('dashboard', dashboardLocales);

/**
 * Home dashboard: heading with the account number, a balance card per currency with the
 * payment-due line, latest posted bill with "View bill" / "Download PDF", account details panel, three tiles.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { accountId, isLoading: selecting } = useCurrentAccount();
  const enabled = accountId !== null;
  const details = useQuery({ ...accountDetailsQuery(accountId ?? 0n), enabled });
  // After a payment made here, re-read every ~2 s while it settles, so the balance shows its outcome.
  const home = useQuery({
    ...homeModelQuery(accountId ?? 0n),
    enabled,
    refetchInterval: (query) => (hasPendingPayment(query.state.data?.recentPayments ?? []) ? SETTLING_POLL_MS : false),
  });
  const invoices = useQuery({ ...latestInvoicesQuery(accountId ?? 0n), enabled });
  // What an active payment arrangement covers is not shown as overdue (docs/decisions/0034-payment-arrangements-and-policy.md).
  const arrangement = useQuery({ ...latestArrangementQuery(accountId ?? 0n), enabled });
  const number = details.data?.account.customerNo;
  const closed = useAccountClosure(accountId ?? 0n) !== null;
  usePageTitle(number ? t('heading', { number }) : t('title'));

  if (accountId === null && !selecting) {
    return (
      <>
        <h1 className="sr-only">{t('title')}</h1>
        <Card>
          <EmptyState icon={<Building2 />} title={t('chooseAccountTitle')} description={t('chooseAccountText')} />
        </Card>
        <Tiles />
      </>
    );
  }

  const failed = details.isError || home.isError;
  return (
    <>
      <AccountHeading details={details.data} failed={failed} />
      {failed ? (
        <Banner tone="error" className="mb-6">
          {t('loadError')}
        </Banner>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <BalanceCard accountId={accountId ?? 0n} home={home.data && homeWithArrangement(home.data, arrangement.data ?? null)} details={details.data} />
            {accountId !== null && <ArrangementCard accountId={accountId} />}
            {accountId !== null && details.data && (
              <FamilyBalanceCard accountId={accountId} currency={details.data.account.currency} closed={closed} />
            )}
            <LatestBillCard invoice={invoices.data?.value[0]} loading={invoices.isPending} failed={invoices.isError} />
          </div>
          <AccountDetailsCard details={details.data} />
        </div>
      )}
      <Tiles />
    </>
  );
}

export { DashboardPage as Component };
