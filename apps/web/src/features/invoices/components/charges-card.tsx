import type { CurrencyCode, InvoiceContent } from '@portal/contract';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useFormat } from '@/lib/i18n/use-format';

type Summary = NonNullable<InvoiceContent['summary']>;

/**
 * The charges of the invoice, grouped by category as the service summarises them, then subtotal, taxes and
 * total — what the customer is paying for, without opening the PDF. Rendered only when a summary came back.
 */
export function ChargesCard({ summary, currency }: { summary: Summary; currency: CurrencyCode }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  const money = (amount: number) => f.currency(amount, currency, { invoiceDetail: true });
  // Negative lines (credits, adjustments) are shown with a minus sign: formatted amounts are absolute.
  const signed = (amount: number) => (amount < 0 ? `−${money(amount)}` : money(amount));
  return (
    <Card as="section" aria-labelledby="charges-title">
      <CardHeader title={t('detail.charges')} titleId="charges-title" icon={<ReceiptText />} />
      <CardBody>
        {summary.lines.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('detail.noCharges')}</p>
        ) : (
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t('detail.chargesCaption')}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('detail.description')}</th>
                <th scope="col">{t('detail.amount')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {summary.lines.map((line, index) => (
                <tr key={`${line.category}-${index}`}>
                  <th scope="row" className="py-2.5 pr-4 text-left font-normal text-fg">
                    <span className="block text-xs font-semibold tracking-wide text-fg-muted uppercase">
                      {t(`detail.categories.${line.category}`)}
                    </span>
                    {line.description}
                  </th>
                  <td className="py-2.5 text-right align-bottom whitespace-nowrap text-fg tabular-nums">{signed(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-border">
              <tr>
                <th scope="row" className="pt-3 text-left font-normal text-fg-muted">
                  {t('detail.subtotal')}
                </th>
                <td className="pt-3 text-right whitespace-nowrap tabular-nums">{signed(summary.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row" className="pt-1 text-left font-normal text-fg-muted">
                  {t('detail.taxes')}
                </th>
                <td className="pt-1 text-right whitespace-nowrap tabular-nums">{signed(summary.taxes)}</td>
              </tr>
              <tr>
                <th scope="row" className="pt-2 text-left text-base font-semibold text-fg">
                  {t('detail.total')}
                </th>
                <td className="pt-2 text-right text-base font-semibold whitespace-nowrap tabular-nums">
                  {signed(summary.total)}
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </CardBody>
    </Card>
  );
}
