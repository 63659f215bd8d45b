import type { InvoiceCredit } from '@portal/contract';
import { useTranslation } from '@/lib/i18n/translate';
import { Card, CardHeader } from '@/components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TableOrCards } from '@/components/ui/table-or-cards';
import { useFormat } from '@/lib/i18n/use-format';
import { sortInvoiceCredits } from '../rules';

/**
 * The credits on one invoice, oldest first: when, what was credited (the disputed charge), why (the
 * dispute's reason), the dispute it came from and the amount. The caller renders it only when there are
 * credits. Where the table does not fit, two lines per credit instead.
 */
export function InvoiceCreditsCard({ credits }: { credits: InvoiceCredit[] }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  const sorted = sortInvoiceCredits(credits);
  const amount = (credit: InvoiceCredit) => `−${f.currency(credit.amount, credit.currency, { invoiceDetail: true })}`;
  const line = (credit: InvoiceCredit) => credit.line ?? t('detail.creditFallback');
  const reason = (credit: InvoiceCredit) => (credit.reason ? t(`detail.reasons.${credit.reason}`) : t('detail.noDispute'));
  const dispute = (credit: InvoiceCredit) =>
    credit.disputeId === null ? t('detail.noDispute') : t('detail.disputeNumber', { id: String(credit.disputeId) });
  return (
    <Card>
      <CardHeader title={t('detail.creditsTitle')} />
      <div className="flex flex-col gap-3 p-3 sm:p-4">
        <p className="text-sm text-fg-muted">{t('detail.creditsIntro')}</p>
        <TableOrCards
          content={credits}
          table={
            <Table caption={t('detail.creditsTitle')} hideCaption>
              <THead>
                <Tr>
                  <Th>{t('detail.creditDate')}</Th>
                  <Th>{t('detail.creditLine')}</Th>
                  <Th>{t('detail.creditReason')}</Th>
                  <Th>{t('detail.creditDispute')}</Th>
                  <Th align="right">{t('detail.creditAmount')}</Th>
                </Tr>
              </THead>
              <TBody>
                {sorted.map((credit) => (
                  <Tr key={String(credit.id)}>
                    <Td className="whitespace-nowrap">{f.date(credit.date, 'detail')}</Td>
                    <Td>{line(credit)}</Td>
                    <Td>{reason(credit)}</Td>
                    <Td className="whitespace-nowrap">{dispute(credit)}</Td>
                    <Td align="right" className="whitespace-nowrap">
                      {amount(credit)}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          }
          cards={
            <ul aria-label={t('detail.creditsTitle')} className="divide-y divide-border rounded-xl border border-border">
              {sorted.map((credit) => (
                <li key={String(credit.id)} className="flex flex-col gap-1.5 px-4 py-3 text-sm">
                  <div className="flex items-center justify-between gap-3">
                    <span className="text-fg">{f.date(credit.date, 'detail')}</span>
                    <span className="font-semibold text-fg tabular-nums">{amount(credit)}</span>
                  </div>
                  <span className="min-w-0 break-words text-fg">{line(credit)}</span>
                  <span className="min-w-0 break-words text-fg-muted">
                    {reason(credit)} · {dispute(credit)}
                  </span>
                </li>
              ))}
            </ul>
          }
        />
      </div>
    </Card>
  );
}
