import { DISPUTE_DETAILS_MAX, DISPUTE_REASONS, type CurrencyCode, type Dispute, type DisputeReason, type Money } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input, Select, useField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api/client';
import { parseAmount } from '@/lib/amount';
import { useFormat } from '@/lib/i18n/use-format';
import { cn } from '@/lib/cn';
import { createDispute } from '../api/disputes';
import { disputeFormErrors } from '../rules';

/** What is disputed: a charge line (`chargeId`) or a call record (`cdrId`), with what it was billed. */
export interface DisputedLine {
  chargeId?: bigint;
  cdrId?: bigint;
  description: string;
  amount: Money;
  /** What a new dispute of it may still claim (its amount less its live disputes). */
  maximum: Money;
  currency: CurrencyCode;
}

export interface DisputeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The line disputed, or the invoice's lines to choose from (taxes left out: they follow their charges). */
  lines: readonly DisputedLine[];
  onCreated: (dispute: Dispute) => void;
  /** Opened from an invoice's detail: amounts formatted as that page formats them. */
  invoiceDetail?: boolean;
}

const lineKey = (line: DisputedLine): string => (line.chargeId !== undefined ? `charge:${line.chargeId}` : `cdr:${line.cdrId}`);

function Textarea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = useField();
  return (
    <textarea
      {...props}
      id={field?.id}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      className={cn(
        'block min-h-24 w-full rounded-lg border border-border-strong bg-surface px-3 py-2 text-base text-fg sm:text-sm',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger',
      )}
    />
  );
}

/**
 * "Dispute this charge": the charge (when there are several to choose from; one with nothing left to
 * dispute says so and cannot be chosen), reason (from the list) and free text, the amount (prefilled with
 * what may still be disputed), then a confirmation step before anything is sent. Bad input is said beside its field and nothing
 * is sent; the service's refusal (window closed, above the line) is shown as it words it.
 */
export function DisputeDialog({ open, onOpenChange, lines, onCreated, invoiceDetail = false }: DisputeDialogProps) {
  const { t } = useTranslation('disputes');
  const f = useFormat();
  const choosing = lines.length > 1;
  const [chosen, setChosen] = useState(choosing ? '' : lineKey(lines[0]!));
  const line = lines.find((l) => lineKey(l) === chosen);
  const currency = (line ?? lines[0]!).currency;
  const money = (amount: Money) => f.currency(amount, currency, { invoiceDetail });
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [details, setDetails] = useState('');
  const [amount, setAmount] = useState(line ? line.maximum.toFixed(2) : '');
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const chargeRef = useRef<HTMLSelectElement>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const errors = {
    ...(line ? {} : { charge: 'chargeRequired' as const }),
    ...disputeFormErrors({ reason, amount, details }, line?.maximum ?? 0, DISPUTE_DETAILS_MAX),
  };
  const send = useMutation({
    mutationFn: () =>
      createDispute({
        ...(line!.chargeId !== undefined ? { chargeId: line!.chargeId } : { cdrId: line!.cdrId! }),
        reason: reason as DisputeReason,
        details: details.trim(),
        amount: parseAmount(amount)!,
      }),
    onSuccess: (dispute) => {
      onOpenChange(false);
      onCreated(dispute);
    },
  });

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const serverFields = send.error instanceof ApiError ? send.error.fieldMessages : {};
  const messageOf = (key: 'charge' | 'reason' | 'amount' | 'details') => {
    const error = errors[key];
    if (!shown || !error) return undefined;
    return t(error, { max: error === 'detailsTooLong' ? DISPUTE_DETAILS_MAX : money(line?.maximum ?? 0) });
  };

  const review = () => {
    setShown(true);
    if (Object.keys(errors).length > 0) {
      if (errors.charge) chargeRef.current?.focus();
      else if (errors.reason) reasonRef.current?.focus();
      return;
    }
    setConfirming(true);
  };

  const choose = (key: string) => {
    setChosen(key);
    const next = lines.find((l) => lineKey(l) === key);
    setAmount(next ? next.maximum.toFixed(2) : '');
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={confirming ? t('confirmTitle') : t('dialogTitle')}
      description={line ? t('dialogIntro', { description: line.description, amount: money(line.amount) }) : t('chooseIntro')}
      busy={send.isPending}
      initialFocus={choosing ? chargeRef : reasonRef}
    >
      {confirming ? (
        <div className="flex flex-col gap-4">
          <h3 ref={confirmRef} tabIndex={-1} className="text-sm text-fg outline-none">
            {t('confirmText', {
              amount: money(parseAmount(amount) ?? 0),
              description: line?.description ?? '',
              reason: reason ? t(`reason_${reason}`) : '',
            })}
          </h3>
          {send.isError && (
            <Banner tone="error">{serverFields.amount ?? errorMessage(send.error, t('sendFailed'))}</Banner>
          )}
          <DialogFooter>
            <Button variant="secondary" disabled={send.isPending} onClick={() => setConfirming(false)}>
              {t('back')}
            </Button>
            <Button loading={send.isPending} loadingText={t('sending')} onClick={() => send.mutate()}>
              {t('send')}
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <p className="text-sm text-fg-muted">{t('terms')}</p>
          {choosing && (
            <Field label={t('charge')} hint={t('taxesFollow')} error={messageOf('charge')} required>
              <Select ref={chargeRef} value={chosen} onChange={(event) => choose(event.target.value)}>
                <option value="">{t('chooseCharge')}</option>
                {lines.map((l) => (
                  <option key={lineKey(l)} value={lineKey(l)} disabled={l.maximum <= 0}>
                    {l.maximum <= 0
                      ? t('chargeNothingLeft', { description: l.description, amount: money(l.amount) })
                      : l.maximum < l.amount
                        ? t('chargePartlyLeft', { description: l.description, amount: money(l.amount), left: money(l.maximum) })
                        : t('chargeOption', { description: l.description, amount: money(l.amount) })}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={t('reason')} error={messageOf('reason')} required>
            <Select ref={reasonRef} value={reason} onChange={(event) => setReason(event.target.value as DisputeReason | '')}>
              <option value="">{t('chooseReason')}</option>
              {DISPUTE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`reason_${r}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('details')} hint={t('detailsHint', { max: DISPUTE_DETAILS_MAX })} error={messageOf('details')}>
            <Textarea value={details} onChange={(event) => setDetails(event.target.value)} rows={3} />
          </Field>
          <Field label={t('disputedAmount')} hint={line ? t('amountHint', { max: money(line.maximum) }) : undefined} error={messageOf('amount')} required>
            <Input inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </DialogClose>
            <Button type="submit">{t('review')}</Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
