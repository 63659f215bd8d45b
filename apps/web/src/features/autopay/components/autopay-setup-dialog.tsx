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
import { fromMinor, type AutopayPreview } from '@portal/contract';
import { serverTextOr } from '@/lib/api/server-text';
import { parseAmount } from '@/lib/amount';
import { cardLabel, methodOf, usableCards } from '@/lib/cards';
import { useFormat } from '@/lib/i18n/use-format';
import { saveAutopaySchedule } from '../api/save-autopay-schedule';
import { autopayFormDefaults, buildAutopaySchedule, formPreview, validateAutopayForm, type AutopayForm } from '../autopay-rules';

export interface AutopaySetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  currency: CurrencyCode;
  cards: PaymentMethodEntry[];
  /** The saved schedule, if any: the dialog starts from it. */
  saved: AutopaySchedule | null;
  /** The open invoices and the job's day, from which the dialog says what saving will charge; null when unknown. */
  previewInputs: AutopayScheduleResponse['preview'] | null;
  onSaved: (response: AutopayScheduleResponse) => void;
}

/**
 * "Setup Automatic Payments" (docs/decisions/0006-where-the-spec-is-wrong.md): frequency (due date, recommended, or monthly on the
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
  previewInputs,
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
  const preview = previewInputs ? formPreview(form, previewInputs) : null;
  const overdue = previewInputs ? formPreview({ ...form, includeOverdue: true, amountType: 'full' }, previewInputs)?.overdue : null;
  const chosenCard = usable.find((c) => c.paymentMethod.id === form.paymentMethodId) ?? null;
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

      {overdue && (
        <OverdueChoice
          name={`${ids}-overdue`}
          overdue={overdue}
          currency={currency}
          includeOverdue={form.includeOverdue}
          disabled={working}
          onChange={(includeOverdue) => update({ includeOverdue })}
        />
      )}

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
              icon={<CardBrandIcon brand={methodOf(entry).brand} />}
              label={cardLabel(methodOf(entry))}
              hint={t(entry.paymentMethod.lastChargeFailed ? 'card.lastFailed' : 'card.expires', { date: methodOf(entry).expiry })}
            />
          ))
        )}
      </fieldset>

      {preview && previewInputs && chosenCard && (
        <PreviewText
          id={`${ids}-preview`}
          preview={preview}
          today={previewInputs.today}
          frequency={form.frequency}
          fixedAmount={form.amountType === 'fixed' ? parseAmount(form.fixedAmountText) : null}
          currency={currency}
          card={cardLabel(methodOf(chosenCard))}
        />
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={working}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          loading={working}
          loadingText={t('autopaySetup.saving')}
          aria-describedby={preview && chosenCard ? `${ids}-preview` : undefined}
        >
          {t('autopaySetup.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface OverdueChoiceProps {
  name: string;
  overdue: NonNullable<AutopayPreview['overdue']>;
  currency: CurrencyCode;
  includeOverdue: boolean;
  disabled: boolean;
  onChange: (includeOverdue: boolean) => void;
}

/** Asked only when something is overdue: whether turning automatic payments on charges it too. */
function OverdueChoice({ name, overdue, currency, includeOverdue, disabled, onChange }: OverdueChoiceProps) {
  const { t } = useTranslation('autopay-dialogs');
  const f = useFormat();
  const values = { amount: f.currency(fromMinor(overdue.amountMinor), currency), count: overdue.count };
  return (
    <RadioGroup
      name={name}
      legend={t('overdue.legend', values)}
      value={includeOverdue ? 'include' : 'leaveOut'}
      onChange={(value) => onChange(value === 'include')}
      disabled={disabled}
      choices={[
        { value: 'include', label: t('overdue.include'), hint: t('overdue.includeHint', values) },
        { value: 'leaveOut', label: t('overdue.leaveOut'), hint: t('overdue.leaveOutHint') },
      ]}
    />
  );
}

/** "CA$75.00 for 2 overdue invoices today, then each bill on its due date, to Visa •••• 4242." — before Save. */
interface PreviewTextProps {
  id: string;
  preview: AutopayPreview;
  /** The job's day: a first charge on it is "today". */
  today: string;
  frequency: AutopayForm['frequency'];
  /** The fixed amount chosen, null for the full balance. */
  fixedAmount: number | null;
  currency: CurrencyCode;
  card: string;
}

function PreviewText({ id, preview, today, frequency, fixedAmount, currency, card }: PreviewTextProps) {
  const { t } = useTranslation('autopay-dialogs');
  const f = useFormat();
  const money = (minor: bigint) => f.currency(fromMinor(minor), currency);
  const then = t(frequency === 'dueDate' ? 'preview.thenDueDate' : 'preview.thenMonthly');
  const { first } = preview;
  let sentence: string;
  if (!first) {
    sentence = t(frequency === 'dueDate' ? 'preview.nothingDueDate' : 'preview.nothingMonthly', { card });
  } else {
    const amount = money(first.amountMinor);
    const firstText = first.date !== today
      ? t('preview.firstOn', { amount, date: f.date(first.date, 'detail') })
      : first.overdueCount > 0
        ? t('preview.firstTodayOverdue', { amount, count: first.overdueCount })
        : t('preview.firstToday', { amount });
    sentence = t('preview.sentence', { first: firstText, then, card });
  }
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-info-text/30 bg-info-subtle px-4 py-3 text-sm text-info-text">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('preview.title')}
      </h3>
      <p id={id} className="mt-1">
        {sentence}
        {fixedAmount !== null && <> {t('preview.fixedNote', { amount: f.currency(fixedAmount, currency) })}</>}
        {preview.overdueLeftOut && preview.overdue && (
          <> {t('preview.leftOut', { amount: money(preview.overdue.amountMinor), count: preview.overdue.count })}</>
        )}
      </p>
    </section>
  );
}

