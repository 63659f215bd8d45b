import type { Arrangement, ArrangementOptions } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { errorMessage } from '@/lib/api/client';
import { parseAmount } from '@/lib/amount';
import { registerLocales } from '@/lib/i18n/i18n';
import { useTranslation } from '@/lib/i18n/translate';
import { useFormat } from '@/lib/i18n/use-format';
import { paymentMethodsQuery } from '@/features/payment-methods';
import { createArrangement } from '../api/arrangements';
import { arrangementsLocales } from '../locales';
import { hasInstalmentErrors, instalmentErrors, lastDayAfter, suggestedInstalments, type InstalmentError, type InstalmentRow } from '../rules';
import { methodOf } from '@/lib/cards';

await registerLocales('arrangements', arrangementsLocales);

export interface ArrangeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  options: ArrangementOptions;
  onCreated: (arrangement: Arrangement) => void;
}

const BY_HAND = '';

/**
 * "Arrange to pay": instalments (date and amount, up to the policy's count) prefilled with what the policy
 * allows, and how they are paid (a saved payment method on the dates, or by hand). What is wrong is said
 * beside its field before anything is sent; the service's refusal is shown as it words it.
 */
export function ArrangeDialog({ open, onOpenChange, accountId, options, onCreated }: ArrangeDialogProps) {
  const { t } = useTranslation('arrangements');
  const f = useFormat();
  const money = (amount: number) => f.currency(amount, options.currency);
  const day = (d: string) => f.date(d, 'detail');
  const [rows, setRows] = useState<InstalmentRow[]>(() => suggestedInstalments(options));
  const methods = useQuery(paymentMethodsQuery(accountId));
  const [method, setMethod] = useState<string | null>(null);
  const chosenMethod = method ?? (methods.data?.find((m) => m.paymentMethod.default) ? String(methods.data.find((m) => m.paymentMethod.default)!.paymentMethod.id) : BY_HAND);
  const [shown, setShown] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const errors = instalmentErrors(rows, options);
  const total = rows.reduce((sum, row) => sum + Math.round((parseAmount(row.amount) ?? 0) * 100), 0) / 100;

  const send = useMutation({
    mutationFn: () =>
      createArrangement({
        accountId,
        instalments: rows.map((row) => ({ date: row.date, amount: parseAmount(row.amount)! })),
        ...(chosenMethod === BY_HAND ? {} : { paymentMethodId: BigInt(chosenMethod) }),
      }),
    onSuccess: (arrangement) => {
      onOpenChange(false);
      onCreated(arrangement);
    },
  });

  const errorText = (error: InstalmentError | null) => {
    if (!shown || !error) return undefined;
    switch (error.key) {
      case 'firstDate':
        return t('errors.firstDate', { from: day(error.from), to: day(error.to) });
      case 'firstAmount':
        return t('errors.firstAmount', { minimum: money(error.minimum) });
      case 'laterDate':
        return t('errors.laterDate', { to: day(error.to) });
      default:
        return t(`errors.${error.key}`);
    }
  };
  const update = (index: number, change: Partial<InstalmentRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const lastDay = rows[0] && /^\d{4}-\d{2}-\d{2}$/.test(rows[0].date) ? lastDayAfter(options, rows[0].date) : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('dialogTitle')}
      description={t('dialogIntro', {
        amount: money(options.amount),
        count: options.maxInstalments,
        minimum: money(options.firstInstalment.minimumAmount),
        from: day(options.firstInstalment.from),
        to: day(options.firstInstalment.to),
        days: options.restWithinDays,
      })}
      busy={send.isPending}
      initialFocus={firstRef}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setShown(true);
          if (hasInstalmentErrors(errors)) return;
          send.mutate();
        }}
      >
        <ol className="flex flex-col gap-3" aria-label={t('instalmentsLabel')}>
          {rows.map((row, index) => (
            <li key={index} className="rounded-lg border border-border p-3">
              <p className="mb-2 text-sm font-semibold">{t('instalment', { n: index + 1 })}</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label={t('date', { n: index + 1 })} error={errorText(errors.rows[index]?.key === 'amountInvalid' || errors.rows[index]?.key === 'firstAmount' ? null : (errors.rows[index] ?? null))} required>
                  <Input
                    ref={index === 0 ? firstRef : undefined}
                    type="date"
                    value={row.date}
                    min={index === 0 ? options.firstInstalment.from : rows[index - 1]?.date}
                    max={index === 0 ? options.firstInstalment.to : lastDay}
                    onChange={(event) => update(index, { date: event.target.value })}
                  />
                </Field>
                <Field label={t('amount', { n: index + 1 })} error={errorText(errors.rows[index]?.key === 'amountInvalid' || errors.rows[index]?.key === 'firstAmount' ? errors.rows[index]! : null)} required>
                  <Input inputMode="decimal" autoComplete="off" value={row.amount} onChange={(event) => update(index, { amount: event.target.value })} />
                </Field>
              </div>
              {rows.length > 1 && (
                <Button variant="ghost" size="sm" className="mt-2" onClick={() => setRows((current) => current.filter((_, i) => i !== index))}>
                  {t('removeInstalment', { n: index + 1 })}
                </Button>
              )}
            </li>
          ))}
        </ol>
        {rows.length < options.maxInstalments && (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => setRows((current) => [...current, { date: lastDay ?? options.firstInstalment.to, amount: '' }])}>
            {t('addInstalment')}
          </Button>
        )}
        <p className="text-sm font-medium" aria-live="polite">
          {t('total', { total: money(total), amount: money(options.amount) })}
        </p>
        {shown && errors.sum !== null && <Banner tone="error">{t('errors.sum', { amount: money(errors.sum) })}</Banner>}
        <Field label={t('payWith')}>
          <Select value={chosenMethod} onChange={(event) => setMethod(event.target.value)}>
            {(methods.data ?? []).map((m) => (
              <option key={String(m.paymentMethod.id)} value={String(m.paymentMethod.id)}>
                {t('payByCard', { brand: methodOf(m).brand, last4: methodOf(m).last4 })}
              </option>
            ))}
            <option value={BY_HAND}>{t('payByHand')}</option>
          </Select>
        </Field>
        {send.isError && <Banner tone="error">{errorMessage(send.error, t('sendFailed'))}</Banner>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t('cancel')}</Button>
          </DialogClose>
          <Button type="submit" loading={send.isPending} loadingText={t('submitting')}>
            {t('submit')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
