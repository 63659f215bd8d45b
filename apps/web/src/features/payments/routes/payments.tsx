import type { AutopayScheduleResponse, PaymentMethodEntry } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, CreditCard, Plus, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { usePageTitle } from '@/lib/use-page-title';
import { accountDetailsQuery } from '@/features/account/api/get-account-details';
import { homeModelQuery } from '@/features/dashboard/api/get-home-model';
import { autopayScheduleQuery } from '../api/get-autopay-schedule';
import { paymentMethodsQuery } from '../api/get-payment-methods';
import { refreshAccount, refreshPaymentMethods } from '../api/refresh';
import { setDefaultPaymentMethod } from '../api/set-default-payment-method';
import { isAutopayOn } from '../autopay-rules';
import { canDeleteCard, cardLabel } from '../card-rules';
import { hasCheckoutParams, readCheckoutReturn, withoutCheckoutParams } from '../checkout-rules';
import { AutopayCard } from '../components/autopay-card';
import { BalanceCard } from '../components/balance-card';
import {
  AddPaymentMethodModal,
  AutopayOffDialog,
  AutopaySetupDialog,
  DeleteCardDialog,
  PayModal,
  preloadPaymentDialogs,
} from '../components/lazy-dialogs';
import { PaymentHistory } from '../components/payment-history';
import { PaymentMethodList } from '../components/payment-method-list';
import { serverTextOr } from '../error-text';
import { paymentsLocales } from '../locales';
import { defaultOneTimeTarget } from '../pay-rules';
import { hasPendingPayment, SETTLING_POLL_MS } from '../payment-status-rules';

await registerLocales('payments', paymentsLocales);

/**
 * /payments (spec §2 "Payments"): balance, saved cards, one-time payment, automatic payments and payment
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

type Notice = { tone: 'error' | 'success'; text: string };

function PaymentsScreen({ accountId }: { accountId: bigint }) {
  const { t } = useTranslation('payments');
  const f = useFormat();
  const queryClient = useQueryClient();
  const today = new Date();
  const details = useQuery(accountDetailsQuery(accountId));
  // While a payment settles (decisions §7), re-read every ~2 s so the customer sees it complete.
  const home = useQuery({
    ...homeModelQuery(accountId),
    refetchInterval: (query) => (hasPendingPayment(query.state.data?.recentPayments ?? []) ? SETTLING_POLL_MS : false),
  });
  const methods = useQuery(paymentMethodsQuery(accountId));
  const autopay = useQuery(autopayScheduleQuery(accountId));

  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<'pay' | 'add' | 'autopay' | 'autopayOff' | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethodEntry | null>(null);

  /** Spec §8: errors on this screen show in a red banner and are logged. */
  const showError = (text: string, cause?: unknown) => {
    console.error(text, cause ?? '');
    setNotice({ tone: 'error', text });
  };
  const showSuccess = (text: string) => setNotice({ tone: 'success', text });

  // The banner takes focus once an action is over (dialogs closed, lists re-read), so keyboard and screen
  // reader users land on its outcome rather than on a button that may have gone.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  useEffect(preloadPaymentDialogs, []);
  useCheckoutReturn(accountId, () => showSuccess(t('page.cardAdded')));
  useRefreshWhenSettled(accountId, home.data?.recentPayments);

  // Plain state rather than useMutation: the page's first load stays small (the dialogs own their mutations).
  const [settingDefault, setSettingDefault] = useState<bigint | null>(null);
  const makeDefault = async (entry: PaymentMethodEntry) => {
    setSettingDefault(entry.paymentMethod.id);
    try {
      await setDefaultPaymentMethod(entry.paymentMethod.id);
      await refreshPaymentMethods(queryClient, accountId);
      showSuccess(t('methods.defaultSet', { card: cardLabel(entry.card) }));
    } catch (error) {
      showError(serverTextOr(error, t('methods.setDefaultFailed')), error);
    } finally {
      setSettingDefault(null);
    }
  };

  const loadFailed = (home.isError && !home.data) || (details.isError && !details.data) || (methods.isError && !methods.data);
  const refreshFailed = methods.isError && methods.data !== undefined;
  useEffect(() => {
    if (loadFailed) console.error(t('page.loadError'), home.error ?? details.error ?? methods.error);
  }, [loadFailed, t, home.error, details.error, methods.error]);
  useEffect(() => {
    if (refreshFailed) console.error(t('page.refreshError'), methods.error);
  }, [refreshFailed, t, methods.error]);

  if (loadFailed) {
    return (
      <Banner tone="error">
        {t('page.loadError')}{' '}
        <Button
          variant="link"
          onClick={() => {
            void home.refetch();
            void details.refetch();
            void methods.refetch();
          }}
        >
          {t('common:retry')}
        </Button>
      </Banner>
    );
  }
  if (!home.data || !details.data || !methods.data) return <PaymentsSkeleton />;

  const account = details.data.account;
  const cards = methods.data;
  const autopayOn = isAutopayOn(account.paymentMethod);
  const target = defaultOneTimeTarget(home.data.balances) ?? { total: 0, currency: account.currency };

  const askDelete = (entry: PaymentMethodEntry) => {
    // Spec §5: refused here already, before asking (the service refuses it too).
    if (!canDeleteCard(cards.length)) showError(t('methods.lastCard'));
    else setDeleting(entry);
  };
  const autopaySaved = (response: AutopayScheduleResponse) => {
    queryClient.setQueryData(autopayScheduleQuery(accountId).queryKey, response);
    void refreshAccount(queryClient, accountId);
    showSuccess(t('autopay.turnedOn'));
  };

  return (
    <div className="flex flex-col gap-6">
      {(notice || refreshFailed) && (
        <div ref={noticeRef} tabIndex={-1} className="flex flex-col gap-3 outline-none">
          {refreshFailed && <Banner tone="error">{t('page.refreshError')}</Banner>}
          {notice && (
            <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Banner>
          )}
        </div>
      )}

      {/* minmax(0, …) columns and min-w-0: a wide table scrolls inside its region instead of widening the page. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <BalanceCard home={home.data} fallbackCurrency={account.currency} />
          <Card as="section" aria-labelledby="methods-title">
            <CardHeader
              title={t('methods.title')}
              titleId="methods-title"
              icon={<CreditCard />}
              actions={
                <Button variant="secondary" size="sm" onClick={() => setDialog('add')}>
                  <Plus className="size-4" aria-hidden="true" />
                  {t('methods.addCard')}
                </Button>
              }
            />
            <CardBody>
              {cards.length === 0 ? (
                <EmptyState level={3} title={t('methods.empty')} description={t('methods.emptyText')} className="py-6" />
              ) : (
                <PaymentMethodList
                  cards={cards}
                  today={today}
                  settingDefault={settingDefault}
                  onSetDefault={(entry) => void makeDefault(entry)}
                  onDelete={askDelete}
                />
              )}
            </CardBody>
          </Card>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Card as="section" aria-labelledby="one-time-title">
            <CardHeader title={t('oneTime.title')} titleId="one-time-title" icon={<Send />} description={t('oneTime.text')} />
            <CardBody>
              <Button onClick={() => setDialog('pay')}>{t('oneTime.payNow')}</Button>
            </CardBody>
          </Card>
          <AutopayCard
            enabled={autopayOn}
            hasCards={cards.length > 0}
            schedule={autopay.data}
            scheduleError={autopay.isError}
            cards={cards}
            currency={account.currency}
            onTurnOn={() => setDialog('autopay')}
            onTurnOff={() => setDialog('autopayOff')}
            onChangeSchedule={() => setDialog('autopay')}
          />
          <PaymentHistory payments={home.data.recentPayments} />
        </div>
      </div>

      <PayModal
        open={dialog === 'pay'}
        onOpenChange={(open) => setDialog(open ? 'pay' : null)}
        accountId={accountId}
        target={target}
        onPaid={({ amount, currency }) => showSuccess(t('page.paid', { amount: f.currency(amount, currency) }))}
      />
      <AddPaymentMethodModal
        open={dialog === 'add'}
        onOpenChange={(open) => setDialog(open ? 'add' : null)}
        accountId={accountId}
      />
      <AutopaySetupDialog
        open={dialog === 'autopay'}
        onOpenChange={(open) => setDialog(open ? 'autopay' : null)}
        accountId={accountId}
        currency={account.currency}
        cards={cards}
        saved={autopay.data?.schedule ?? null}
        onSaved={autopaySaved}
      />
      <AutopayOffDialog
        open={dialog === 'autopayOff'}
        onOpenChange={(open) => setDialog(open ? 'autopayOff' : null)}
        accountId={accountId}
        onDone={() => showSuccess(t('autopay.turnedOff'))}
        onFailed={(error) => showError(t('autopay.updateFailed'), error)}
      />
      <DeleteCardDialog
        open={deleting !== null}
        card={deleting}
        accountId={accountId}
        onClose={() => setDeleting(null)}
        onDeleted={(entry) => showSuccess(t('methods.deleted', { card: cardLabel(entry.card) }))}
        onFailed={(error) => showError(serverTextOr(error, t('methods.deleteFailed')), error)}
      />
    </div>
  );
}

/**
 * Back from the provider's checkout with `?paymentMethodAdded=true`: say so, re-read the cards, and take the
 * parameter out of the URL (replacing the history entry) so a reload does not say it again.
 */
function useCheckoutReturn(accountId: bigint, onAdded: () => void) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const added = readCheckoutReturn(params).paymentMethodAdded;
  const present = hasCheckoutParams(params);
  const onAddedRef = useRef(onAdded);
  useEffect(() => {
    onAddedRef.current = onAdded;
  });
  useEffect(() => {
    if (!present) return;
    if (added) {
      void refreshPaymentMethods(queryClient, accountId);
      onAddedRef.current();
    }
    setParams((current) => withoutCheckoutParams(current), { replace: true });
  }, [present, added, accountId, queryClient, setParams]);
}

/** When the last settling payment has settled, balances and invoices have changed: re-read them. */
function useRefreshWhenSettled(accountId: bigint, payments: readonly { status: string }[] | undefined) {
  const queryClient = useQueryClient();
  const pending = payments ? hasPendingPayment(payments) : false;
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void refreshAccount(queryClient, accountId);
    wasPending.current = pending;
  }, [pending, accountId, queryClient]);
}

function PaymentsSkeleton() {
  const { t } = useTranslation('payments');
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
      <p role="status" className="sr-only">
        {t('page.loading')}
      </p>
      {[0, 1].map((column) => (
        <div key={column} className="flex flex-col gap-6">
          <Skeleton className="h-44 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ))}
    </div>
  );
}

export { PaymentsPage as Component };
