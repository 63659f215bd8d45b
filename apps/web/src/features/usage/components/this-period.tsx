import type { Allowance, UsageSummary } from '@portal/contract';
import { Gauge } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/use-format';
import { allowancePercent, isOverAllowance } from '../rules';
import { useUsageUnits } from './units';

/**
 * This period: a labelled progress bar per allowance (a native <progress> would not say "of 150 min", so a
 * role="progressbar" with aria-valuetext does; an unlimited one is a line of text), the overage and roaming so far, and
 * the estimated next bill.
 */
export function ThisPeriod({ summary }: { summary: UsageSummary }) {
  const { t } = useTranslation('usage');
  const f = useFormat();
  const units = useUsageUnits();
  const money = (amount: number) => f.currency(amount, summary.currency);
  const minutes = (n: number) => t('period.minutes', { count: n });
  const texts = (n: number) => t('period.texts', { count: n });
  const mb = (n: number) => units.data(n * 1024);
  const { allowances, estimate, plan } = summary;
  return (
    <Card as="section" aria-labelledby="usage-period-title">
      <CardHeader
        titleId="usage-period-title"
        title={t('period.title')}
        icon={<Gauge />}
        description={t('period.range', {
          start: f.date(summary.period.start),
          end: f.date(summary.period.end),
          asOf: f.dateTime(summary.asOf, 'list'),
        })}
      />
      <CardBody className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg">
            {plan
              ? plan.lines > 1
                ? t('period.planLines', { name: plan.name, count: plan.lines })
                : t('period.plan', { name: plan.name })
              : t('period.noPlan')}
          </p>
          <AllowanceBar id="voice" label={t('period.voice')} allowance={allowances.voiceMinutes} format={minutes} />
          <AllowanceBar id="texts" label={t('period.texts')} allowance={allowances.textMessages} format={texts} />
          <AllowanceBar id="data" label={t('period.data')} allowance={allowances.dataMb} format={mb} />
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-fg-muted">{t('period.overage')}</dt>
            <dd className="text-right font-medium text-fg tabular-nums">{money(summary.overage)}</dd>
            <dt className="text-fg-muted">{t('period.roaming')}</dt>
            <dd className="text-right font-medium text-fg tabular-nums">{money(summary.roaming)}</dd>
            <dt className="text-fg-muted">{t('period.otherUsage')}</dt>
            <dd className="text-right font-medium text-fg tabular-nums">{money(summary.otherUsage)}</dd>
          </dl>
        </div>
        <div className="rounded-lg border border-border bg-surface-2/50 p-4">
          <h3 className="text-sm font-semibold text-fg">{t('period.estimate')}</h3>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-fg-muted">{t('period.estimatePlan')}</dt>
            <dd className="text-right tabular-nums">{money(estimate.plan)}</dd>
            <dt className="text-fg-muted">{t('period.estimateUsage')}</dt>
            <dd className="text-right tabular-nums">{money(estimate.usage)}</dd>
            <dt className="text-fg-muted">{t('period.estimateSubtotal')}</dt>
            <dd className="text-right tabular-nums">{money(estimate.subtotal)}</dd>
            {estimate.taxes.map((tax) => (
              <Fragment key={tax.code}>
                <dt className="text-fg-muted">{tax.description}</dt>
                <dd className="text-right tabular-nums">{money(tax.amount)}</dd>
              </Fragment>
            ))}
            <dt className="border-t border-border pt-2 font-semibold text-fg">{t('period.estimateTotal')}</dt>
            <dd className="border-t border-border pt-2 text-right text-base font-semibold text-fg tabular-nums">
              {money(estimate.total)}
            </dd>
          </dl>
          <p className="mt-3 text-xs text-fg-muted">{t('period.estimateNote')}</p>
          {!estimate.taxesIncluded && <p className="mt-1 text-xs text-warning-text">{t('period.taxesUnknown')}</p>}
        </div>
      </CardBody>
    </Card>
  );
}

function AllowanceBar({
  id,
  label,
  allowance,
  format,
}: {
  id: string;
  label: string;
  allowance: Allowance;
  format: (n: number) => string;
}) {
  const { t } = useTranslation('usage');
  const percent = allowancePercent(allowance);
  const over = isOverAllowance(allowance);
  const text =
    allowance.included === null
      ? t('period.unlimited', { used: format(allowance.used) })
      : t('period.ofIncluded', { used: format(allowance.used), included: format(allowance.included) });
  const labelId = `usage-allowance-${id}`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={labelId} className="font-medium text-fg">
          {label}
        </span>
        <span className="text-fg-muted tabular-nums">
          {text}
          {over && <span className="ml-2 font-medium text-warning-text">{t('period.overAllowance')}</span>}
        </span>
      </div>
      {/* An unlimited allowance has no end to measure against: no bar, which would read as used up. */}
      {percent !== null && (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={over ? `${text}, ${t('period.overAllowance')}` : text}
          className="h-2.5 w-full overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className={cn('h-full rounded-full', over ? 'bg-warning-text' : 'bg-brand-text')}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
