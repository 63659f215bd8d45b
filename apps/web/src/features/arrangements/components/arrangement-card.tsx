import type { Arrangement, ArrangementStatus, InstalmentState } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api/client';
import { useSession } from '@/lib/session/session-store';
import { useAccountClosure } from '@/lib/current-account/current-account';
import { registerLocales } from '@/lib/i18n/i18n';
import { useTranslation } from '@/lib/i18n/translate';
import { useFormat } from '@/lib/i18n/use-format';
import { arrangementOptionsQuery, arrangementsKey, cancelArrangement, latestArrangementQuery } from '../api/arrangements';
import { arrangementsLocales } from '../locales';
import { nextInstalment } from '../rules';

await registerLocales('arrangements', arrangementsLocales);

const ArrangeDialog = lazyDialog(
  () => import('./arrange-dialog'),
  (m) => m.ArrangeDialog,
);

const STATUS_TONE: Record<ArrangementStatus, BadgeTone> = { Active: 'info', Kept: 'success', Broken: 'danger', Cancelled: 'neutral' };
const STATE_TONE: Record<InstalmentState, BadgeTone> = { Paid: 'success', Due: 'warning', Upcoming: 'neutral', Missed: 'danger' };

/** "Arrange to pay" for an account that may arrange (the dashboard's card and the overdue invoice's action). */
export function useArrangeToPay(accountId: bigint) {
  const queryClient = useQueryClient();
  const closed = useAccountClosure(accountId) !== null;
  const options = useQuery({ ...arrangementOptionsQuery(accountId), enabled: !closed });
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Arrangement | null>(null);
  const start = () => {
    setCreated(null);
    setOpening((n) => n + 1);
    setOpen(true);
  };
  const dialog =
    opening > 0 && options.data ? (
      <ArrangeDialog
        key={opening}
        open={open}
        onOpenChange={setOpen}
        accountId={accountId}
        options={options.data}
        onCreated={(arrangement) => {
          setCreated(arrangement);
          void queryClient.invalidateQueries({ queryKey: arrangementsKey(accountId) });
        }}
      />
    ) : null;
  return { eligible: !closed && options.data?.eligible === true, options: options.data, start, dialog, created, dismiss: () => setCreated(null) };
}

/** One arrangement: its status, what is paid, the next instalment and every instalment's state. */
export function ArrangementDetails({ arrangement }: { arrangement: Arrangement }) {
  const { t } = useTranslation('arrangements');
  const f = useFormat();
  const money = (amount: number) => f.currency(amount, arrangement.currency);
  const next = nextInstalment(arrangement);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[arrangement.status]}>{t(`status.${arrangement.status}`)}</Badge>
        <span className="font-medium">{t('summary', { paid: money(arrangement.paid), amount: money(arrangement.amount) })}</span>
      </div>
      {next && <p className="font-medium">{t('next', { amount: money(next.amount), date: f.date(next.date, 'detail'), state: t(`state.${next.state}`) })}</p>}
      {arrangement.status === 'Active' && <p className="text-fg-muted">{arrangement.paymentMethodId === null ? t('byHand') : t('byCard')}</p>}
      {arrangement.status === 'Broken' && <p className="text-danger">{t('brokenText')}</p>}
      {arrangement.status === 'Kept' && <p className="text-success-text">{t('keptText')}</p>}
      <ul aria-label={t('instalmentsLabel')} className="flex flex-col gap-2">
        {arrangement.instalments.map((instalment) => (
          <li key={instalment.date} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2">
            <span>{f.date(instalment.date, 'detail')}</span>
            <span className="font-medium tabular-nums">{money(instalment.amount)}</span>
            <Badge tone={STATE_TONE[instalment.state]}>{t(`state.${instalment.state}`)}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Staff: "Cancel arrangement", asked first; its invoices are overdue as before. */
function CancelArrangement({ arrangement }: { arrangement: Arrangement }) {
  const { t } = useTranslation('arrangements');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelArrangement(arrangement.id),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: arrangementsKey(arrangement.accountId) });
    },
  });
  return (
    <>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setOpen(true)}>
        {t('cancelArrangement')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('cancelTitle')}
        confirmLabel={t('cancelConfirm')}
        cancelLabel={t('keepArrangement')}
        workingLabel={t('cancelling')}
        working={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        body={cancel.isError ? <Banner tone="error">{errorMessage(cancel.error, t('cancelFailed'))}</Banner> : undefined}
      >
        {t('cancelText')}
      </ConfirmDialog>
    </>
  );
}

/**
 * The dashboard's "Payment arrangement": the account's active (or last) arrangement with its next instalment,
 * and "Arrange to pay" while the account may arrange. Nothing when neither applies.
 */
export function ArrangementCard({ accountId }: { accountId: bigint }) {
  const { t } = useTranslation('arrangements');
  const f = useFormat();
  const latest = useQuery(latestArrangementQuery(accountId));
  const arrange = useArrangeToPay(accountId);
  const staff = useSession()?.isStaff === true;
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (arrange.created) noticeRef.current?.focus();
  }, [arrange.created]);
  const arrangement = latest.data ?? null;
  // A kept or cancelled arrangement is history once nothing is to arrange: the card shows only what matters now.
  const shows = arrange.eligible || arrangement?.status === 'Active' || arrangement?.status === 'Broken' || latest.isError;
  if (!shows && !arrange.dialog) return null;
  return (
    <Card as="section" aria-labelledby="arrangement-title">
      <CardHeader
        title={t('cardTitle')}
        titleId="arrangement-title"
        icon={<CalendarCheck />}
        actions={
          arrange.eligible ? (
            <Button size="sm" variant="secondary" onClick={arrange.start}>
              {t('arrangeToPay')}
            </Button>
          ) : undefined
        }
      />
      <CardBody className="flex flex-col gap-4">
        {arrange.created && (
          <div ref={noticeRef} tabIndex={-1} className="outline-none">
            <Banner tone="success" onDismiss={arrange.dismiss}>
              {t('created', { count: arrange.created.instalments.length, amount: f.currency(arrange.created.amount, arrange.created.currency) })}
            </Banner>
          </div>
        )}
        {latest.isError && <Banner tone="error">{t('loadError')}</Banner>}
        {arrange.eligible && arrange.options && (
          <p className="text-sm">{t('offer', { amount: f.currency(arrange.options.amount, arrange.options.currency), count: arrange.options.maxInstalments })}</p>
        )}
        {arrangement && arrangement.status !== 'Cancelled' && arrangement.status !== 'Kept' && <ArrangementDetails arrangement={arrangement} />}
        {staff && arrangement?.status === 'Active' && <CancelArrangement arrangement={arrangement} />}
      </CardBody>
      {arrange.dialog}
    </Card>
  );
}

/** "Arrange to pay" beside an overdue invoice's payment action; nothing when the account may not arrange. */
export function ArrangeToPayButton({ accountId }: { accountId: bigint }) {
  const { t } = useTranslation('arrangements');
  const f = useFormat();
  const arrange = useArrangeToPay(accountId);
  if (!arrange.eligible && !arrange.dialog) return null;
  return (
    <>
      {arrange.eligible && (
        <Button variant="secondary" onClick={arrange.start}>
          {t('arrangeToPay')}
        </Button>
      )}
      {arrange.created && (
        <p role="status" className="text-sm font-medium text-success-text">
          {t('created', { count: arrange.created.instalments.length, amount: f.currency(arrange.created.amount, arrange.created.currency) })}
        </p>
      )}
      {arrange.dialog}
    </>
  );
}
