import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { hasPendingPayment, SETTLING_POLL_MS } from '@/lib/payment-status';
import { accountDetailsQuery } from '@/features/account';
import { autopayScheduleQuery } from '@/features/autopay';
import { homeModelQuery } from '@/lib/home-model';
import { paymentMethodsQuery } from '@/features/payment-methods';

/**
 * What the payments screen shows, read in parallel: the account, its balances and payments, its cards and its
 * automatic payment schedule. The screen needs the first three to show anything (`loadFailed` when one could
 * not be read); a failed re-read of the cards keeps the list on screen (`refreshFailed`).
 */
export function usePaymentsData(accountId: bigint) {
  const { t } = useTranslation('payments');
  const details = useQuery(accountDetailsQuery(accountId));
  // While a payment settles (docs/decisions/0007-sandbox-card-provider.md), re-read every ~2 s so the customer sees it complete.
  const home = useQuery({
    ...homeModelQuery(accountId),
    refetchInterval: (query) => (hasPendingPayment(query.state.data?.recentPayments ?? []) ? SETTLING_POLL_MS : false),
  });
  const methods = useQuery(paymentMethodsQuery(accountId));
  const autopay = useQuery(autopayScheduleQuery(accountId));

  const loadFailed = (home.isError && !home.data) || (details.isError && !details.data) || (methods.isError && !methods.data);
  const refreshFailed = methods.isError && methods.data !== undefined;
  useEffect(() => {
    if (loadFailed) console.error(t('page.loadError'), home.error ?? details.error ?? methods.error);
  }, [loadFailed, t, home.error, details.error, methods.error]);
  useEffect(() => {
    if (refreshFailed) console.error(t('page.refreshError'), methods.error);
  }, [refreshFailed, t, methods.error]);

  const retry = () => {
    void home.refetch();
    void details.refetch();
    void methods.refetch();
  };
  return { details, home, methods, autopay, loadFailed, refreshFailed, retry };
}
