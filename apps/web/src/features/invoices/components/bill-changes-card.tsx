import type { BalanceForward, CurrencyCode, InvoiceChanges } from '@portal/contract';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n/translate';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useFormat } from '@/lib/i18n/use-format';
import { causeLinesHref, causeUsageHref } from '../changes-rules';

/** A cause's links: touch targets of at least 24 px, also at phone width (axe `target-size`). */
const CAUSE_LINK = 'inline-flex min-h-6 items-center text-brand-text underline underline-offset-4 hover:decoration-2';

/**
 * What changed against the previous invoice (docs/decisions/0037-a-bill-that-explains-itself.md): the difference
 * in a sentence, then each cause with its amount, a link to its lines and, for usage, to its records.
 */
export function BillChangesCard({ changes, currency }: { changes: InvoiceChanges; currency: CurrencyCode }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  const money = (amount: string) => {
    const value = Number(amount);
    const text = f.currency(Math.abs(value), currency, { invoiceDetail: true });
    return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
  };
  return (
    <Card as="section" aria-labelledby="changes-title">
      <CardHeader title={t('changes.title')} titleId="changes-title" icon={<Sparkles />} />
      <CardBody>
        <p className="text-sm font-medium text-fg">{changes.summary}</p>
        {changes.causes.length > 0 && (
          <ul className="mt-3 divide-y divide-border text-sm">
            {changes.causes.map((cause, index) => {
              const lines = causeLinesHref(cause, changes.previousInvoiceId);
              const usage = causeUsageHref(cause);
              return (
                <li key={`${cause.kind}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="text-fg">{cause.text}</p>
                    {(lines || usage) && (
                      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                        {lines &&
                          (lines.startsWith('#') ? (
                            <a href={lines} className={CAUSE_LINK}>
                              {t('changes.seeLines')}
                            </a>
                          ) : (
                            <Link to={lines} className={CAUSE_LINK}>
                              {t('changes.seePreviousLines')}
                            </Link>
                          ))}
                        {usage && (
                          <Link to={usage} className={CAUSE_LINK}>
                            {t('changes.seeRecords')}
                          </Link>
                        )}
                      </p>
                    )}
                  </div>
                  <span className="whitespace-nowrap text-fg tabular-nums">{money(cause.amount)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * The account in the carrier's form at this invoice: previous balance, payments, credits and adjustments,
 * balance forward, then this period's charges and taxes and the total due (the ledger's figures).
 */
export function AccountSummaryCard({ forward }: { forward: BalanceForward }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  const money = (amount: number, negate = false) => {
    const text = f.currency(Math.abs(amount), forward.currency, { invoiceDetail: true });
    const negative = negate ? amount > 0 : amount < 0;
    return negative ? `−${text}` : text;
  };
  const rows: [string, string, boolean?][] = [
    [t('accountSummary.previousBalance'), money(forward.previousBalance)],
    [t('accountSummary.paymentsReceived'), money(forward.paymentsReceived, true)],
    [t('accountSummary.creditsAndAdjustments'), money(forward.creditsAndAdjustments, true)],
    [t('accountSummary.balanceForward'), money(forward.balanceForward), true],
    [t('accountSummary.charges'), money(forward.charges)],
    [t('accountSummary.taxes'), money(forward.taxes)],
    [t('accountSummary.totalDue'), money(forward.amountDue), true],
  ];
  return (
    <Card as="section" aria-labelledby="account-summary-title">
      <CardHeader title={t('accountSummary.title')} titleId="account-summary-title" />
      <CardBody>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t('accountSummary.title')}</caption>
          <tbody>
            {rows.map(([label, value, strong]) => (
              <tr key={label} className={strong ? 'border-t border-border' : undefined}>
                <th scope="row" className={`py-1.5 text-left ${strong ? 'font-semibold text-fg' : 'font-normal text-fg-muted'}`}>
                  {label}
                </th>
                <td className={`py-1.5 text-right whitespace-nowrap tabular-nums ${strong ? 'font-semibold' : ''}`}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardBody>
    </Card>
  );
}
