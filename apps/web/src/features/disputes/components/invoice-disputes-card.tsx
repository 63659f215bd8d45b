import type { Dispute, Invoice } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useAccountClosure } from '@/lib/current-account/current-account';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyDialog } from '@/components/lazy-dialog';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { DISPUTES_KEY, disputesQuery, invoiceChargesQuery } from '../api/disputes';
import { disputesLocales } from '../locales';
import { creditedText, disputableAmount, disputeWindowOf, isDisputableCategory, STATUS_TONE } from '../rules';
import type { DisputedLine } from './dispute-dialog';

await registerLocales('disputes', disputesLocales);

const DisputeDialog = lazyDialog(
  () => import('./dispute-dialog'),
  (m) => m.DisputeDialog,
);

/**
 * On an invoice's detail: the disputes of the invoice with their statuses, credits and rejection reasons, and
 * "Dispute a charge" while the terms' 30-day window is open and a charge has something left to dispute (the
 * dialog lists the invoice's charges; after the window, the rule and the day it closed).
 */
export function InvoiceDisputesCard({ invoice }: { invoice: Pick<Invoice, 'id' | 'accountId' | 'postedDate' | 'currency'> }) {
  const { t } = useTranslation('disputes');
  const f = useFormat();
  const queryClient = useQueryClient();
  const term = disputeWindowOf(invoice.postedDate, new Date());
  // Disputes raised before the account closed stay listed; a closed account takes no new one.
  const closed = useAccountClosure(invoice.accountId) !== null;
  const charges = useQuery({ ...invoiceChargesQuery(invoice.id), enabled: term.open });
  const disputes = useQuery(disputesQuery(`InvoiceId==${invoice.id}`));
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // Taxes follow the charges they are on, and a credit line has nothing to dispute: neither is offered.
  const lines: DisputedLine[] = (charges.data?.value ?? [])
    .filter((charge) => isDisputableCategory(charge.category) && charge.amount > 0)
    .map((charge) => ({
      chargeId: charge.id,
      description: charge.description,
      amount: charge.amount,
      maximum: disputes.data ? disputableAmount(charge, disputes.data.value) : 0,
      currency: charge.currency,
    }));
  const anythingLeft = lines.some((line) => line.maximum > 0);
  const startDispute = () => {
    setNotice(null);
    setOpening((n) => n + 1);
    setOpen(true);
  };
  const created = () => {
    setNotice(t('created'));
    void queryClient.invalidateQueries({ queryKey: [DISPUTES_KEY] });
  };

  return (
    <Card as="section" aria-labelledby="disputes-title">
      <CardHeader
        title={t('cardTitle')}
        titleId="disputes-title"
        icon={<MessageSquareWarning />}
        description={
          <>
            {t('terms')}{' '}
            {term.closesOn &&
              (term.open ? t('windowOpen', { date: f.date(term.closesOn, 'detail') }) : t('windowClosed', { date: f.date(term.closesOn, 'detail') }))}
          </>
        }
        actions={
          term.open && anythingLeft && !closed ? (
            <Button size="sm" variant="secondary" onClick={startDispute}>
              {t('disputeACharge')}
            </Button>
          ) : undefined
        }
      />
      <CardBody className="flex flex-col gap-4">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} className="outline-none">
            <Banner tone="success" onDismiss={() => setNotice(null)}>
              {notice}
            </Banner>
          </div>
        )}
        {term.open && charges.isError && <Banner tone="error">{t('linesError')}</Banner>}
        {term.open && charges.isSuccess && disputes.isSuccess && !anythingLeft && (
          <p className="text-sm text-fg-muted">{lines.length === 0 ? t('noLines') : t('nothingLeftOnInvoice')}</p>
        )}
        {disputes.isError ? (
          <Banner tone="error">{t('disputesError')}</Banner>
        ) : disputes.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : disputes.data.value.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('noDisputes')}</p>
        ) : (
          <ul aria-label={t('yourDisputes')} className="flex flex-col gap-3">
            {disputes.data.value.map((dispute) => (
              <DisputeItem key={String(dispute.id)} dispute={dispute} />
            ))}
          </ul>
        )}
      </CardBody>
      {opening > 0 && (
        <DisputeDialog key={opening} open={open} onOpenChange={setOpen} lines={lines} onCreated={created} invoiceDetail />
      )}
    </Card>
  );
}

/** One dispute as its customer sees it: what, how much, the status, and the outcome once there is one. */
export function DisputeItem({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  const f = useFormat();
  const money = (amount: number) => f.currency(amount, dispute.currency, { invoiceDetail: true });
  return (
    <li className="rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{dispute.lineDescription}</span>
        <Badge tone={STATUS_TONE[dispute.status]}>{t(`status_${dispute.status}`)}</Badge>
      </div>
      <p className="mt-1 text-fg-muted">
        {t('disputed', { amount: money(dispute.amount) })} · {t(`reason_${dispute.reason}`)} · {t('raisedOn', { date: f.date(dispute.createdAt, 'detail') })}
      </p>
      {dispute.details && <p className="mt-1 break-words">{dispute.details}</p>}
      {dispute.creditedAmount !== null && <p className="mt-1 font-medium text-success-text">{creditedText(t, dispute, money)}</p>}
      {dispute.rejectionReason && <p className="mt-1 break-words">{t('rejectedBecause', { reason: dispute.rejectionReason })}</p>}
    </li>
  );
}
