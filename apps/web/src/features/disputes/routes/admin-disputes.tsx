import type { Dispute } from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Hand, MessageSquareWarning, XCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Select } from '@/components/ui/field';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { invoicePath, paths } from '@/config/paths';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { useSession } from '@/lib/session/session-store';
import { usePageTitle } from '@/lib/use-page-title';
import { DISPUTES_KEY, disputesQuery } from '../api/disputes';
import { disputesLocales } from '../locales';
import { creditedText, isAccountNumber, queueFilter, STATUS_TONE } from '../rules';

await registerLocales('disputes', disputesLocales);

const loadDialogs = () => import('../components/staff-dialogs');
const TakeDialog = lazy(() => loadDialogs().then((m) => ({ default: m.TakeDialog })));
const ResolveDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ResolveDialog })));
const RejectDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RejectDialog })));

/** What the list shows: the dnfilter of each choice; waiting disputes oldest first (first come, first served). */
const VIEWS = {
  pending: { filter: 'Status=="Open" || Status=="UnderReview"', orderby: 'CreatedAt asc' },
  resolved: { filter: 'Status=="Resolved"', orderby: undefined },
  rejected: { filter: 'Status=="Rejected"', orderby: undefined },
  all: { filter: '', orderby: undefined },
} as const;
type View = keyof typeof VIEWS;
const VIEW_LABELS: Record<View, string> = { pending: 'showPending', resolved: 'showResolved', rejected: 'showRejected', all: 'showAll' };

type Action = { kind: 'take' | 'resolve' | 'reject'; dispute: Dispute };

/**
 * /admin/disputes: Staff and Admin see the charge disputes waiting for support, take one
 * (Under review, by them), and resolve it with a credit note or reject it with a reason, each after a
 * confirmation dialog. The service audits every action and notifies the customer.
 */
export function AdminDisputesPage() {
  const { t } = useTranslation('disputes');
  const { t: tc } = useTranslation();
  usePageTitle(t('adminTitle'));
  const session = useSession();
  const f = useFormat();
  const [view, setView] = useState<View>('pending');
  const [accountNumber, setAccountNumber] = useState('');
  const [typedNumber, setTypedNumber] = useState('');
  const [numberError, setNumberError] = useState<string | undefined>(undefined);
  const disputes = useQuery({
    ...disputesQuery(queueFilter(VIEWS[view].filter, accountNumber), VIEWS[view].orderby),
    enabled: Boolean(session?.isStaff),
    placeholderData: keepPreviousData,
  });
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    // The row's button may be gone after the action (taken, resolved): focus goes to what happened.
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const back = <BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>;
  if (!session?.isStaff) {
    return (
      <>
        <PageHeader title={t('adminTitle')} back={back} />
        <Banner tone="error">{t('adminForbidden')}</Banner>
      </>
    );
  }

  const done = (text: string) => {
    setAction(null);
    setNotice(text);
    void queryClient.invalidateQueries({ queryKey: [DISPUTES_KEY] });
  };

  return (
    <>
      <PageHeader title={t('adminTitle')} description={t('adminIntro')} back={back} />
      {notice && (
        <div ref={noticeRef} tabIndex={-1} className="mb-4 outline-none">
          <Banner tone="success" onDismiss={() => setNotice(null)}>
            {notice}
          </Banner>
        </div>
      )}
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="sm:w-64">
          <Field label={t('show')}>
            <Select value={view} onChange={(event) => setView(event.target.value as View)}>
              {(Object.keys(VIEWS) as View[]).map((v) => (
                <option key={v} value={v}>
                  {t(VIEW_LABELS[v])}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <form
          role="search"
          aria-label={t('accountFilter')}
          noValidate
          className="flex flex-wrap items-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const number = typedNumber.trim();
            if (number !== '' && !isAccountNumber(number)) {
              setNumberError(t('accountNumberInvalid'));
              return;
            }
            setNumberError(undefined);
            setAccountNumber(number);
          }}
        >
          <div className="w-full sm:w-56">
            <Field label={t('accountNumber')} error={numberError}>
              <Input inputMode="text" autoComplete="off" value={typedNumber} onChange={(event) => setTypedNumber(event.target.value)} />
            </Field>
          </div>
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" variant="secondary">
              {t('filter')}
            </Button>
            {accountNumber && (
              <Button
                variant="link"
                onClick={() => {
                  setTypedNumber('');
                  setAccountNumber('');
                  setNumberError(undefined);
                }}
              >
                {t('clearFilter')}
              </Button>
            )}
          </div>
        </form>
      </div>
      {disputes.isError ? (
        <Banner tone="error">{t('loadError')}</Banner>
      ) : disputes.isPending ? (
        <Card className="flex flex-col gap-3 p-5" aria-busy="true">
          <span role="status" className="sr-only">
            {tc('loading')}
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </Card>
      ) : disputes.data.value.length === 0 ? (
        <Card>
          <EmptyState icon={<MessageSquareWarning />} title={t('adminEmpty')} description={t('adminEmptyText')} />
        </Card>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-fg-muted">
            {accountNumber
              ? t('adminCountOfAccount', { count: disputes.data.count ?? disputes.data.value.length, number: accountNumber })
              : t('adminCount', { count: disputes.data.count ?? disputes.data.value.length })}
          </p>
          <ul aria-label={t('adminTable')} className="flex flex-col gap-3">
            {disputes.data.value.map((dispute) => {
              const money = (amount: number) => f.currency(amount, dispute.currency);
              return (
                <li key={String(dispute.id)}>
                  <Card as="article" aria-labelledby={`dispute-${dispute.id}`} className="flex flex-col gap-2 p-4 text-sm sm:p-5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h2 id={`dispute-${dispute.id}`} className="min-w-0 text-base font-semibold break-words">
                        {t('dispute')} {String(dispute.id)} · {dispute.lineDescription}
                      </h2>
                      <Badge tone={STATUS_TONE[dispute.status]}>{t(`status_${dispute.status}`)}</Badge>
                    </div>
                    <p className="text-fg-muted">
                      {t('account', { number: dispute.accountNumber, name: dispute.accountName })} ·{' '}
                      <Link to={invoicePath(dispute.invoiceId)} className="font-medium text-brand-text underline">
                        {t('invoice', { number: dispute.invoiceNumber })}
                      </Link>{' '}
                      · {t('raisedOn', { date: f.dateTime(dispute.createdAt) })}
                      {dispute.raisedBy ? ` · ${dispute.raisedBy}` : ''}
                    </p>
                    <p>
                      {t(dispute.cdrId === null ? 'disputedOfCharge' : 'disputedOfCall', { amount: money(dispute.amount), billed: money(dispute.lineAmount) })} ·{' '}
                      {t(`reason_${dispute.reason}`)}
                    </p>
                    {dispute.details && <p className="break-words">{dispute.details}</p>}
                    {dispute.reviewed && <p className="text-fg-muted">{t('reviewedBy', { name: dispute.reviewed.name ?? '' })}</p>}
                    {dispute.creditedAmount !== null && <p className="font-medium text-success-text">{creditedText(t, dispute, money)}</p>}
                    {dispute.rejectionReason && <p className="break-words">{t('rejectedBecause', { reason: dispute.rejectionReason })}</p>}
                    <div className="flex flex-wrap justify-end gap-2" onPointerEnter={() => void loadDialogs()} onFocus={() => void loadDialogs()}>
                      {dispute.status === 'Open' && (
                        <Button size="sm" onClick={() => setAction({ kind: 'take', dispute })} aria-label={t('takeLabel', { id: String(dispute.id) })}>
                          <Hand className="size-4" aria-hidden="true" />
                          {t('take')}
                        </Button>
                      )}
                      {dispute.status === 'UnderReview' && (
                        <>
                          <Button size="sm" onClick={() => setAction({ kind: 'resolve', dispute })} aria-label={t('resolveLabel', { id: String(dispute.id) })}>
                            <CircleCheck className="size-4" aria-hidden="true" />
                            {t('resolve')}
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setAction({ kind: 'reject', dispute })}
                            aria-label={t('rejectLabel', { id: String(dispute.id) })}
                          >
                            <XCircle className="size-4" aria-hidden="true" />
                            {t('reject')}
                          </Button>
                        </>
                      )}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        </>
      )}

      <Suspense fallback={null}>
        {action?.kind === 'take' && (
          <TakeDialog dispute={action.dispute} onClose={() => setAction(null)} onDone={(d) => done(t('taken', { id: String(d.id) }))} />
        )}
        {action?.kind === 'resolve' && (
          <ResolveDialog
            dispute={action.dispute}
            onClose={() => setAction(null)}
            onDone={(d) => done(t('resolved', { id: String(d.id), amount: f.currency(d.creditedAmount ?? 0, d.currency) }))}
          />
        )}
        {action?.kind === 'reject' && (
          <RejectDialog dispute={action.dispute} onClose={() => setAction(null)} onDone={(d) => done(t('rejected', { id: String(d.id) }))} />
        )}
      </Suspense>
    </>
  );
}

export { AdminDisputesPage as Component };
