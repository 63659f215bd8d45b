import { ALERT_ALLOWANCES, type UsageAlertSettings, type UsageLimit } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { parseAmount } from '@/lib/amount';
import { serverTextOr } from '@/lib/api/server-text';
import { useFormat } from '@/lib/i18n/use-format';
import { useTranslation } from '@/lib/i18n/translate';
import { saveUsageLimit, usageAlertsQuery, usageLimitQuery } from '../api/usage-alerts';
import { limitUsedPercent } from '../alert-rules';
import { AlertsDialog } from './alerts-dialog';

/**
 * Alerts and spending limit: the monthly limit on charges beyond the plan, how much of it this period used and
 * that the provider bars service beyond it; the usage alerts chosen, changed in a dialog.
 */
export function UsageControls({ accountId, currency }: { accountId: bigint; currency: string }) {
  const { t } = useTranslation('usage');
  const [status, setStatus] = useState('');
  return (
    <Card as="section" aria-labelledby="usage-controls-title">
      <CardHeader titleId="usage-controls-title" title={t('controls.title')} icon={<BellRing />} description={t('controls.description')} />
      <CardBody className="grid gap-6 lg:grid-cols-2">
        <SpendingLimit accountId={accountId} currency={currency} onStatus={setStatus} />
        <Alerts accountId={accountId} currency={currency} onStatus={setStatus} />
        <p role="status" className="sr-only lg:col-span-2">
          {status}
        </p>
      </CardBody>
    </Card>
  );
}

function SpendingLimit({ accountId, currency, onStatus }: { accountId: bigint; currency: string; onStatus: (text: string) => void }) {
  const { t } = useTranslation('usage');
  const f = useFormat();
  const queryClient = useQueryClient();
  const query = useQuery(usageLimitQuery(accountId));
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const mutation = useMutation({
    mutationFn: (amount: number | null) => saveUsageLimit(accountId, { amount }),
    onSuccess: (limit) => {
      queryClient.setQueryData(usageLimitQuery(accountId).queryKey, limit);
      setText(null);
      onStatus(limit.amount === null ? t('limit.removed') : t('limit.saved', { amount: f.currency(limit.amount, currency) }));
    },
  });
  if (query.isPending) return <Skeleton className="h-32 w-full rounded-xl" />;
  if (query.isError) return <Banner tone="error">{t('limit.loadError')}</Banner>;
  const limit: UsageLimit = query.data;
  const money = (n: number) => f.currency(n, currency);
  const percent = limitUsedPercent(limit);
  const value = text ?? (limit.amount === null ? '' : limit.amount.toFixed(2));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(value);
    setInvalid(amount === null);
    if (amount !== null) mutation.mutate(amount);
  };

  return (
    <section aria-labelledby="usage-limit-title" className="flex flex-col gap-3">
      <h3 id="usage-limit-title" className="text-sm font-semibold text-fg">
        {t('limit.title')}
      </h3>
      {limit.amount === null ? (
        <p className="text-sm text-fg-muted">{t('limit.none', { used: money(limit.used) })}</p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <p id="usage-limit-used" className="text-sm text-fg tabular-nums">
            {t('limit.used', { used: money(limit.used), amount: money(limit.amount) })}
          </p>
          <div
            role="progressbar"
            aria-labelledby="usage-limit-used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? 0}
            className="h-2.5 w-full overflow-hidden rounded-full bg-surface-2"
          >
            <div className={limit.reached ? 'h-full rounded-full bg-warning-text' : 'h-full rounded-full bg-brand-text'} style={{ width: `${percent ?? 0}%` }} />
          </div>
        </div>
      )}
      {limit.reached ? (
        <Banner tone="warning">{t('limit.reached')}</Banner>
      ) : (
        <p className="text-sm text-fg-muted">{t('limit.barred')}</p>
      )}
      {mutation.isError && <Banner tone="error">{serverTextOr(mutation.error, t('limit.saveFailed'))}</Banner>}
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <Field label={t('limit.label', { currency })} error={invalid ? t('limit.invalid') : undefined} className="min-w-0 flex-1">
          <Input
            inputMode="decimal"
            autoComplete="off"
            value={value}
            disabled={mutation.isPending}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(false);
            }}
          />
        </Field>
        <Button type="submit" variant="secondary" loading={mutation.isPending} loadingText={t('limit.saving')}>
          {t('limit.save')}
        </Button>
        {limit.amount !== null && (
          <Button variant="link" disabled={mutation.isPending} onClick={() => mutation.mutate(null)}>
            {t('limit.remove')}
          </Button>
        )}
      </form>
    </section>
  );
}

function Alerts({ accountId, currency, onStatus }: { accountId: bigint; currency: string; onStatus: (text: string) => void }) {
  const { t } = useTranslation('usage');
  const f = useFormat();
  const queryClient = useQueryClient();
  const query = useQuery(usageAlertsQuery(accountId));
  const [open, setOpen] = useState(false);
  if (query.isPending) return <Skeleton className="h-32 w-full rounded-xl" />;
  if (query.isError) return <Banner tone="error">{t('alerts.loadError')}</Banner>;
  const settings = query.data;
  const saved = (next: UsageAlertSettings) => {
    queryClient.setQueryData(usageAlertsQuery(accountId).queryKey, next);
    onStatus(t('alerts.saved'));
  };
  return (
    <section aria-labelledby="usage-alerts-title" className="flex flex-col gap-3">
      <h3 id="usage-alerts-title" className="text-sm font-semibold text-fg">
        {t('alerts.title')}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
        {ALERT_ALLOWANCES.map((kind) => {
          const percents = settings.allowances.find((a) => a.kind === kind)?.percents ?? [];
          return (
            <div key={kind} className="contents">
              <dt className="text-fg-muted">{t(`alerts.allowances.${kind}`)}</dt>
              <dd className="text-right text-fg tabular-nums">
                {percents.length === 0 ? t('alerts.off') : percents.map((percent) => t('alerts.percent', { percent })).join(', ')}
              </dd>
            </div>
          );
        })}
        <dt className="text-fg-muted">{t('alerts.overage')}</dt>
        <dd className="text-right text-fg tabular-nums">{settings.overageAmount === undefined ? t('alerts.off') : f.currency(settings.overageAmount, currency)}</dd>
        <dt className="text-fg-muted">{t('alerts.byEmail')}</dt>
        <dd className="text-right text-fg">{settings.email ? t('alerts.yes') : t('alerts.no')}</dd>
      </dl>
      <p className="text-sm text-fg-muted">{t('alerts.when')}</p>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('alerts.choose')}
        </Button>
      </div>
      <AlertsDialog open={open} onOpenChange={setOpen} accountId={accountId} currency={currency} settings={settings} onSaved={saved} />
    </section>
  );
}
