import type { AutopaySchedule, AutopayScheduleResponse, CurrencyCode, PaymentMethodEntry } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { CardBrandIcon } from '@/components/card-brand-icon';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { RadioGroup, RadioOption } from '@/components/ui/radio-option';
import { serverTextOr } from '@/lib/api/server-text';
import { cardLabel, usableCards } from '@/lib/cards';
import { saveAutopaySchedule } from '../api/save-autopay-schedule';
import { autopayFormDefaults, buildAutopaySchedule, validateAutopayForm, type AutopayForm } from '../autopay-rules';

export interface AutopaySetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  currency: CurrencyCode;
  cards: PaymentMethodEntry[];
  /** The saved schedule, if any: the dialog starts from it. */
  saved: AutopaySchedule | null;
  onSaved: (response: AutopayScheduleResponse) => void;
}

/**
 * "Setup Automatic Payments" (spec §5, decisions §5): frequency (due date, recommended, or monthly on the
 * 15th), amount (full balance or a fixed amount, 100 by default) and card (expired ones hidden; the default
 * preselected). Saving stores the schedule, makes the card the default and turns automatic payments on.
 */
export function AutopaySetupDialog({ open, onOpenChange, ...props }: AutopaySetupDialogProps) {
  const { t } = useTranslation('autopay-dialogs');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('autopaySetup.title')}
      description={t('autopaySetup.description')}
      busy={busy}
    >
      {/* Remounted on every opening: the form starts from the saved schedule again. */}
      <AutopaySetupForm {...props} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AutopaySetupForm({
  accountId,
  currency,
  cards,
  saved,
  onSaved,
  onBusyChange,
  onDone,
}: Omit<AutopaySetupDialogProps, 'open' | 'onOpenChange'> & { onBusyChange: (busy: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation('autopay-dialogs');
  const ids = useId();
  const today = new Date();
  const [form, setForm] = useState<AutopayForm>(() => autopayFormDefaults(cards, today, saved));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: saveAutopaySchedule });
  const usable = usableCards(cards, today);
  const validation = validateAutopayForm(form);
  const update = (patch: Partial<AutopayForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const schedule = buildAutopaySchedule(accountId, form);
    if (!schedule) return;
    onBusyChange(true);
    mutation.mutate(schedule, {
      onSuccess: (response) => {
        onBusyChange(false);
        onSaved(response);
        onDone();
      },
      onError: (error) => {
        onBusyChange(false);
        console.error('Saving the automatic payment schedule failed', error);
        setServerError(serverTextOr(error, t('autopaySetup.failed')));
      },
    });
  };

  const formError =
    submitted && validation.error
      ? t(validation.error === 'selectMethod' ? 'autopaySetup.selectMethod' : 'autopaySetup.amountError')
      : null;
  const working = mutation.isPending;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {(serverError ?? formError) && <Banner tone="error">{serverError ?? formError}</Banner>}

      <RadioGroup
        name={`${ids}-frequency`}
        legend={t('autopaySetup.frequency')}
        value={form.frequency}
        onChange={(frequency) => update({ frequency })}
        disabled={working}
        choices={[
          { value: 'dueDate', label: t('autopaySetup.dueDate'), hint: t('autopaySetup.dueDateHint'), aside: <Badge tone="success">{t('autopaySetup.recommended')}</Badge> },
          { value: 'monthly', label: t('autopaySetup.monthly'), hint: t('autopaySetup.monthlyHint') },
        ]}
      />

      <RadioGroup
        name={`${ids}-amount`}
        legend={t('autopaySetup.amount')}
        value={form.amountType}
        onChange={(amountType) => update({ amountType })}
        disabled={working}
        choices={[
          { value: 'full', label: t('autopaySetup.full'), hint: t('autopaySetup.fullHint') },
          { value: 'fixed', label: t('autopaySetup.fixed'), hint: t('autopaySetup.fixedHint') },
        ]}
      >
        {form.amountType === 'fixed' && (
          <Field
            label={t('autopaySetup.fixedAmount', { currency })}
            error={validation.amountInvalid ? t('autopaySetup.amountInline') : undefined}
            className="mt-1 sm:pl-7"
          >
            <Input
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              autoComplete="off"
              value={form.fixedAmountText}
              onChange={(e) => update({ fixedAmountText: e.target.value })}
            />
          </Field>
        )}
      </RadioGroup>

      <fieldset className="flex flex-col gap-2" disabled={working}>
        <legend className="mb-2 text-sm font-medium text-fg">{t('autopaySetup.card')}</legend>
        {usable.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('autopaySetup.noCards')}</p>
        ) : (
          usable.map((entry) => (
            <RadioOption
              key={String(entry.paymentMethod.id)}
              id={`${ids}-card-${entry.paymentMethod.id}`}
              name={`${ids}-card`}
              checked={form.paymentMethodId === entry.paymentMethod.id}
              onChange={() => update({ paymentMethodId: entry.paymentMethod.id })}
              icon={<CardBrandIcon brand={entry.card.brand} />}
              label={cardLabel(entry.card)}
              hint={t('card.expires', { date: entry.card.expiry })}
            />
          ))
        )}
      </fieldset>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={working}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" loading={working} loadingText={t('autopaySetup.saving')}>
          {t('autopaySetup.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
