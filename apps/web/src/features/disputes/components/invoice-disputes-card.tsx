import type { Charge, CurrencyCode, Dispute, Invoice } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
import { disputableAmount, disputeWindowOf, STATUS_TONE } from '../rules';
import type { DisputedLine } from './dispute-dialog';

await registerLocales('disputes', disputesLocales);

const DisputeDialog = lazyDialog(
  () => import('./dispute-dialog'),
  (m) => m.DisputeDialog,
);

/**
 * On an invoice's detail: each charge line with "Dispute this charge" while the terms' 30-day window is open
 * (after it, the rule and the day it closed), and the disputes of the invoice with their statuses, credits and
 * rejection reasons.
 */
export function InvoiceDisputesCard({ invoice }: { invoice: Pick<Invoice, 'id' | 'postedDate' | 'currency'> }) {
  const { t } = useTranslation('disputes');
  const f = useFormat();
  const queryClient = useQueryClient();
  const charges = useQuery(invoiceChargesQuery(invoice.id));
  const disputes = useQuery(disputesQuery(`InvoiceId==${invoice.id}`));
  const term = disputeWindowOf(invoice.postedDate, new Date());
  const [disputing, setDisputing] = useState<{ line: DisputedLine; opening: number } | null>(null);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const money = (amount: number, currency: CurrencyCode = invoice.currency) => f.currency(amount, currency, { invoiceDetail: true });

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const disputesOf = (charge: Charge) => (disputes.data?.value ?? []).filter((d) => d.chargeId === charge.id);
  const startDispute = (charge: Charge) => {
    setNotice(null);
    setDisputing((current) => ({
      line: {
        chargeId: charge.id,
        description: charge.description,
        amount: charge.amount,
        maximum: disputableAmount(charge.amount, disputesOf(charge)),
        currency: charge.currency,
      },
      opening: (current?.opening ?? 0) + 1,
    }));
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
      />
      <CardBody className="flex flex-col gap-5">
        {notice && (
          <div ref={noticeRef} tabIndex={-1} className="outline-none">
            <Banner tone="success" onDismiss={() => setNotice(null)}>
              {notice}
            </Banner>
          </div>
        )}
        {term.open &&
          (charges.isError ? (
            <Banner tone="error">{t('linesError')}</Banner>
          ) : charges.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : charges.data.value.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('noLines')}</p>
          ) : (
            <ul aria-label={t('linesCaption')} className="divide-y divide-border">
              {charges.data.value.map((charge) => {
                const disputable = charge.amount > 0 && disputableAmount(charge.amount, disputesOf(charge)) > 0;
                return (
                  <li key={String(charge.id)} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5">
                    <span className="min-w-0 flex-1 text-sm break-words">{charge.description}</span>
                    <span className="text-sm whitespace-nowrap tabular-nums">{money(charge.amount, charge.currency)}</span>
                    {disputable ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('disputeLabel', { description: charge.description })}
                        onClick={() => startDispute(charge)}
                      >
                        {t('disputeThisCharge')}
                      </Button>
                    ) : disputesOf(charge).length > 0 ? (
                      <Badge tone="info">{t('fullyDisputed')}</Badge>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ))}
        <div>
          <h3 className="mb-2 text-sm font-semibold text-fg">{t('yourDisputes')}</h3>
          {disputes.isError ? (
            <Banner tone="error">{t('disputesError')}</Banner>
          ) : disputes.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : disputes.data.value.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('noDisputes')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {disputes.data.value.map((dispute) => (
                <DisputeItem key={String(dispute.id)} dispute={dispute} />
              ))}
            </ul>
          )}
        </div>
      </CardBody>
      {disputing && (
        <DisputeDialog key={disputing.opening} open={open} onOpenChange={setOpen} line={disputing.line} onCreated={created} invoiceDetail />
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
      {dispute.creditedAmount !== null && <p className="mt-1 font-medium text-success-text">{t('credited', { amount: money(dispute.creditedAmount) })}</p>}
      {dispute.rejectionReason && <p className="mt-1 break-words">{t('rejectedBecause', { reason: dispute.rejectionReason })}</p>}
    </li>
  );
}
