import { SUCCESS_MESSAGE_MS, type AccountDetailsResponse } from '@portal/contract';
import type { AccountEditForm } from '@portal/contract/billing-details';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Pencil } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { BillDeliveryCard } from '../components/bill-delivery-card';
import { useTranslation } from '@/lib/i18n/translate';
import { preloadOnIntent } from '@/components/lazy-dialog';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useReauthentication } from '@/components/reauthentication/use-reauthentication';
import { ApiError } from '@/lib/api/client';
import { useAccountClosure, useCurrentAccount } from '@/lib/current-account/current-account';
import { changeLanguage, registerLocales, savedLanguage, uiLanguageFromPreference } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { EmailPreferences } from '@/features/notifications';
import { accountDetailsQuery } from '../api/get-account-details';
import { updateCustomerDetails } from '../api/update-customer-details';
import { AccountActivity } from '../components/account-activity';
import { AccountView } from '../components/account-view';
import { UnsavedChangesGuard } from '../components/unsaved-changes-guard';
import { buildAccountUpdateModel } from '../edit-rules';
import { accountLocales } from '../locales';

await registerLocales('account', accountLocales);

/**
 * The edit form brings react-hook-form, the zod schemas and the phone number rules (about 40 KB as served): it
 * loads when "Edit" is reached, keeping the page's first load within the route budget (docs/decisions/0009-performance-budgets.md: ≤ 180 KB).
 */
const loadEditForm = () => import('../components/account-edit-form');
const preloadEditForm = () => void loadEditForm();
const AccountEditFormView = lazy(async () => ({ default: (await loadEditForm()).AccountEditFormView }));

/**
 * /profile — Account Information: account details, billing contact and billing address, with an
 * edit mode that saves through PUT Account/customerdetails.
 */
export function AccountInformationPage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  usePageTitle(t('title'));
  const { accountId, isLoading: selecting } = useCurrentAccount();
  const back = <BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>;
  if (accountId === null) {
    return (
      <>
        <PageHeader title={t('title')} back={back} />
        {selecting ? (
          <LoadingState />
        ) : (
          <Card>
            <EmptyState icon={<Building2 />} title={t('chooseAccountTitle')} description={t('chooseAccountText')} />
          </Card>
        )}
      </>
    );
  }
  // Keyed by account: switching accounts leaves edit mode and clears the banners.
  return <AccountInformation key={String(accountId)} accountId={accountId} back={back} />;
}

type Notice = { tone: 'error' | 'success'; text: string };

function AccountInformation({ accountId, back }: { accountId: bigint; back: ReactNode }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const details = useQuery(accountDetailsQuery(accountId));
  const [editing, setEditing] = useState(false);
  // Whether the edit form holds values that are not saved: leaving then asks first (docs/decisions/0015-screens-fit-a-phone.md).
  const [dirty, setDirty] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string> | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // A closed account's information is kept as it was: nothing to edit.
  const closed = useAccountClosure(accountId) !== null;
  const focusEdit = useRef(false);
  const now = new Date();

  // The success message goes away after 4 seconds.
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = setTimeout(() => setNotice(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // After saving or failing, the outcome gets focus; after Cancel, the Edit Profile button does.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (!editing && focusEdit.current) {
      focusEdit.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const reauthentication = useReauthentication();
  const save = useMutation({
    mutationFn: ({ current, form }: { current: AccountDetailsResponse; form: AccountEditForm }) =>
      // A new invoice email needs a recent sign-in: the password is asked for then (docs/decisions/0011-server-side-sessions.md).
      reauthentication.run(() => updateCustomerDetails(buildAccountUpdateModel(current, form, new Date()))),
    onSuccess: async (saved, { current, form }) => {
      if (saved !== true) {
        showError(t('saveFailed'));
        return;
      }
      // Re-read before leaving edit mode: the view then shows the billing contact re-selected from the
      // updated contacts (the service may have replaced it with a new dated row).
      await queryClient.invalidateQueries({ queryKey: ['account', accountId] });
      setEditing(false);
      setNotice({ tone: 'success', text: t('saved') });
      if (form.language !== current.account.language) {
        // The UI follows the new preference. A language picked in the user menu is a remembered choice:
        // it is updated too, so it does not switch the UI back on the next visit.
        void changeLanguage(uiLanguageFromPreference(form.language), { remember: savedLanguage() !== null });
      }
    },
    onError: (error) => {
      const refused = error instanceof ApiError && error.status === 400;
      // Messages by field go beside their fields; the banner says the save was refused.
      setServerFields(refused && Object.keys(error.fieldMessages).length > 0 ? error.fieldMessages : null);
      const detail = refused || (error instanceof ApiError && error.needsReauthentication) ? error.serverMessage : undefined;
      showError(detail ? `${t('saveError')} ${detail}` : t('saveError'), error);
    },
  });

  /** Errors on the account screen show in a red banner and are logged. */
  function showError(text: string, cause?: unknown) {
    console.error(text, cause ?? '');
    setNotice({ tone: 'error', text });
  }

  const header = (
    <PageHeader
      title={t('title')}
      description={t('intro')}
      back={back}
      actions={
        details.data && !editing && !closed ? (
          <Button
            ref={editButton}
            variant="secondary"
            onClick={() => {
              setNotice(null);
              setServerFields(null);
              setEditing(true);
            }}
            {...preloadOnIntent(preloadEditForm)}
          >
            <Pencil className="size-4" aria-hidden="true" />
            {t('edit')}
          </Button>
        ) : undefined
      }
    />
  );

  if (details.isPending) {
    return (
      <>
        {header}
        <LoadingState />
      </>
    );
  }
  if (details.isError && !details.data) {
    return (
      <>
        {header}
        <Banner tone="error">
          {t('loadError')}{' '}
          <Button variant="link" onClick={() => void details.refetch()}>
            {t('common:retry')}
          </Button>
        </Banner>
      </>
    );
  }

  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        {(notice || editing) && (
          <div ref={noticeRef} tabIndex={-1} className="flex flex-col gap-3 outline-none">
            {notice && (
              <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
                {notice.text}
              </Banner>
            )}
            {editing && (
              <Banner tone="info" title={null}>
                {t('editingNotice')}
              </Banner>
            )}
          </div>
        )}
        {editing ? (
          <Suspense fallback={<LoadingState />}>
            <AccountEditFormView
              details={details.data}
              now={now}
              saving={save.isPending}
              serverFields={serverFields}
              onSave={(form) => save.mutate({ current: details.data, form })}
              onDirtyChange={setDirty}
              onCancel={() => {
                setNotice(null);
                focusEdit.current = true;
                setEditing(false);
              }}
            />
          </Suspense>
        ) : (
          <>
            <AccountView details={details.data} now={now} />
            <BillDeliveryCard details={details.data} disabled={closed} />
            <EmailPreferences />
            <AccountActivity accountId={accountId} />
          </>
        )}
      </div>
      {reauthentication.dialog}
      <UnsavedChangesGuard dirty={editing && dirty} />
    </>
  );
}

function LoadingState() {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <div className="flex items-center gap-3 text-fg-muted">
        <Spinner label={t('loading')} />
        <span aria-hidden="true">{t('loading')}</span>
      </div>
      <Skeleton className="h-48 w-full rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  );
}

export { AccountInformationPage as Component };
