import { ALERT_ALLOWANCES, ALERT_PERCENTS, type UsageAlertSettings } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Checkbox, Field, Input } from '@/components/ui/field';
import { serverTextOr } from '@/lib/api/server-text';
import { useTranslation } from '@/lib/i18n/translate';
import { saveUsageAlerts } from '../api/usage-alerts';
import { alertsFormOf, alertsFormProblem, settingsOfForm, withPercent, type AlertsForm } from '../alert-rules';

export interface AlertsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  currency: string;
  settings: UsageAlertSettings;
  onSaved: (settings: UsageAlertSettings) => void;
}

/**
 * Usage alerts: per allowance the shares to be told at (50, 80, 90, 100 %), an amount of charges beyond the
 * plan, and whether by email too. Save closes the dialog, which gives focus back to its opener.
 */
export function AlertsDialog({ open, onOpenChange, ...props }: AlertsDialogProps) {
  const { t } = useTranslation('usage');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('alerts.dialogTitle')} description={t('alerts.dialogDescription')} busy={busy}>
      {/* Remounted on every opening: the form starts from the saved choice. */}
      <AlertsDialogForm {...props} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AlertsDialogForm({
  accountId,
  currency,
  settings,
  onSaved,
  onBusyChange,
  onDone,
}: Omit<AlertsDialogProps, 'open' | 'onOpenChange'> & { onBusyChange: (busy: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation('usage');
  const [form, setForm] = useState<AlertsForm>(() => alertsFormOf(settings));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const overageRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({ mutationFn: (value: UsageAlertSettings) => saveUsageAlerts(accountId, value) });
  const problem = alertsFormProblem(form);
  const working = mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (problem) {
      overageRef.current?.focus();
      return;
    }
    onBusyChange(true);
    mutation.mutate(settingsOfForm(form), {
      onSuccess: (saved) => {
        onBusyChange(false);
        onSaved(saved);
        onDone();
      },
      onError: (error) => {
        onBusyChange(false);
        setServerError(serverTextOr(error, t('alerts.saveFailed')));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {serverError && <Banner tone="error">{serverError}</Banner>}
      {ALERT_ALLOWANCES.map((kind) => (
        <fieldset key={kind} className="flex flex-col gap-1">
          <legend className="text-sm font-semibold text-fg">{t(`alerts.allowances.${kind}`)}</legend>
          {kind === 'roaming' && <p className="text-sm text-fg-muted">{t('alerts.roamingHint')}</p>}
          <div className="flex flex-wrap gap-x-5">
            {ALERT_PERCENTS.map((percent) => (
              <Checkbox
                key={percent}
                label={t('alerts.percent', { percent })}
                checked={form.percents[kind].includes(percent)}
                disabled={working}
                onChange={(event) => setForm((current) => withPercent(current, kind, percent, event.target.checked))}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <Field
        label={t('alerts.overageLabel', { currency })}
        hint={t('alerts.overageHint')}
        error={submitted && problem ? t('alerts.overageInvalid') : undefined}
      >
        <Input
          ref={overageRef}
          inputMode="decimal"
          autoComplete="off"
          value={form.overageText}
          disabled={working}
          onChange={(event) => setForm((current) => ({ ...current, overageText: event.target.value }))}
        />
      </Field>
      <Checkbox
        label={t('alerts.email')}
        hint={t('alerts.emailHint')}
        checked={form.email}
        disabled={working}
        onChange={(event) => setForm((current) => ({ ...current, email: event.target.checked }))}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={working}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" loading={working} loadingText={t('alerts.saving')}>
          {t('alerts.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
