import type { AutopayScheduleResponse, CurrencyCode, PaymentMethodEntry } from '@portal/contract';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { cardLabel, methodOf } from '@/lib/cards';
import { useFormat } from '@/lib/i18n/use-format';
import { DisabledHint } from './disabled-hint';

export interface AutopayCardProps {
  enabled: boolean;
  /** No saved card: the switch is disabled and says why. */
  hasCards: boolean;
  /** The provider's policy requires automatic payments: while on, the switch is disabled and says why. */
  required?: boolean;
  schedule: AutopayScheduleResponse | undefined;
  scheduleError: boolean;
  cards: PaymentMethodEntry[];
  currency: CurrencyCode;
  onTurnOn: () => void;
  onTurnOff: () => void;
  onChangeSchedule: () => void;
}

/**
 * Automatic Payments (docs/decisions/0006-where-the-spec-is-wrong.md): status text and an Enabled/Disabled switch. Turning it on
 * opens "Setup Automatic Payments"; turning it off asks first. While on, the saved schedule is shown.
 */
export function AutopayCard({
  enabled,
  hasCards,
  required = false,
  schedule,
  scheduleError,
  cards,
  currency,
  onTurnOn,
  onTurnOff,
  onChangeSchedule,
}: AutopayCardProps) {
  const { t } = useTranslation('autopay');
  const locked = enabled && required;
  // Why the switch cannot be used, if it cannot: no card to turn it on with, or the provider requires it on.
  const reason = !hasCards && !enabled ? t('autopay.needsCard') : locked ? t('autopay.required') : undefined;
  const toggle = (
    <Switch
      checked={enabled}
      onCheckedChange={(checked) => (checked ? onTurnOn() : onTurnOff())}
      disabled={reason !== undefined}
      label={t('autopay.switchLabel')}
      stateText={{ on: t('autopay.enabled'), off: t('autopay.disabled') }}
      description={reason}
    />
  );
  return (
    <Card as="section" aria-labelledby="autopay-title">
      <CardHeader title={t('autopay.title')} titleId="autopay-title" icon={<CalendarClock />} />
      <CardBody className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">{enabled ? t('autopay.onText') : t('autopay.offText')}</p>
        {reason === undefined ? toggle : <DisabledHint hint={reason}>{toggle}</DisabledHint>}
        {enabled && scheduleError && <Banner tone="warning">{t('autopay.scheduleError')}</Banner>}
        {enabled && schedule?.schedule && (
          <ScheduleSummary schedule={schedule} cards={cards} currency={currency} onChange={onChangeSchedule} />
        )}
      </CardBody>
    </Card>
  );
}

function ScheduleSummary({
  schedule,
  cards,
  currency,
  onChange,
}: {
  schedule: AutopayScheduleResponse;
  cards: PaymentMethodEntry[];
  currency: CurrencyCode;
  onChange: () => void;
}) {
  const { t } = useTranslation('autopay');
  const f = useFormat();
  const saved = schedule.schedule!;
  const card = cards.find((c) => c.paymentMethod.id === saved.paymentMethodId);
  const rows: [string, string][] = [
    [t('autopay.card'), card ? cardLabel(methodOf(card)) : '-'],
    [t('autopay.when'), t(`autopay.frequencies.${saved.frequency}`)],
    [
      t('autopay.amount'),
      saved.amountType === 'fixed' && saved.fixedAmount !== null
        ? t('autopay.amounts.fixed', { amount: f.currency(saved.fixedAmount, currency) })
        : t('autopay.amounts.full'),
    ],
    [t('autopay.nextRun'), schedule.nextRunDate ? f.date(schedule.nextRunDate, 'detail') : t('autopay.nothingDue')],
  ];
  return (
    <div className="rounded-lg border border-border bg-surface-2/50 p-4">
      <dl aria-label={t('autopay.scheduleLabel')} className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-fg-muted">{term}</dt>
            <dd className="font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onChange}>
        {t('autopay.change')}
      </Button>
    </div>
  );
}
