import { REFUND_REASON_MAX, toMinor, type RecentPayment, type Refund } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api/client';
import { parseAmount } from '@/lib/amount';
import { useFormat } from '@/lib/i18n/use-format';
import { refundPayment } from '../api/refunds';
import { paymentMethodLabel } from '../payment-method';

export interface RefundDialogProps {
  payment: RecentPayment;
  /** What the payment still holds (refundableAmount). */
  left: number;
  onClose: () => void;
  /** The refund as it ended: Succeeded, or Pending when the provider had not answered. */
  onDone: (refund: Refund) => void;
}

/**
 * Staff's Refund of a payment (docs/decisions/0036-refunds-and-pay-all.md): the amount (at most what the
 * payment holds, all of it by default) and a reason, then a confirmation naming the amount and where the money
 * goes back to. A refund the provider refuses stays in the dialog with its words.
 */
export function RefundDialog({ payment, left, onClose, onDone }: RefundDialogProps) {
  const { t, i18n } = useTranslation('payments');
  const f = useFormat();
  const money = (amount: number) => f.currency(amount, payment.currency);
  const [amountText, setAmountText] = useState(left.toFixed(2));
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const amount = parseAmount(amountText);
  const amountError = amount === null ? t('refund.amountInvalid') : toMinor(amount) > toMinor(left) ? t('refund.amountAbove', { max: money(left) }) : null;
  const reasonError =
    reason.trim() === '' ? t('refund.reasonRequired') : reason.trim().length > REFUND_REASON_MAX ? t('refund.reasonTooLong', { max: REFUND_REASON_MAX }) : null;
  const refund = useMutation({
    mutationFn: () => refundPayment(payment.id, { amount: amount!, reason: reason.trim() }),
    onSuccess: (done) => {
      if (done.status !== 'Failed') onDone(done);
    },
  });
  // The fields leave for the confirmation: focus follows to what is asked now, and back to the amount.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (shown) amountRef.current?.focus();
  }, [confirming, shown]);
  const refused = refund.data?.status === 'Failed' ? refund.data.failureMessage : null;
  const serverField = refund.error instanceof ApiError ? refund.error.fieldMessages : {};
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('refund.title')}
      description={t('refund.text', { amount: money(payment.amount), date: f.date(payment.date, 'detail'), left: money(left) })}
      size="sm"
      busy={refund.isPending}
      initialFocus={amountRef}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setShown(true);
          if (!confirming) {
            if (!amountError && !reasonError) setConfirming(true);
            return;
          }
          refund.mutate();
        }}
      >
        {confirming ? (
          <p ref={confirmRef} tabIndex={-1} className="text-sm text-fg outline-none">
            {t('refund.confirmText', { amount: money(amount!), method: paymentMethodLabel(payment, i18n.language) })}
          </p>
        ) : (
          <>
            <Field label={t('refund.amount')} error={(shown && amountError) || serverField.amount} required>
              <Input ref={amountRef} inputMode="decimal" autoComplete="off" value={amountText} onChange={(event) => setAmountText(event.target.value)} />
            </Field>
            <Field label={t('refund.reason')} hint={t('refund.reasonHint')} error={(shown && reasonError) || serverField.reason} required>
              <Input autoComplete="off" value={reason} onChange={(event) => setReason(event.target.value)} />
            </Field>
          </>
        )}
        {refused && <Banner tone="error">{t('refund.refused', { reason: refused })}</Banner>}
        {refund.isError && !serverField.amount && !serverField.reason && <Banner tone="error">{errorMessage(refund.error, t('refund.failed'))}</Banner>}
        <DialogFooter>
          {confirming ? (
            <Button variant="secondary" disabled={refund.isPending} onClick={() => setConfirming(false)}>
              {t('refund.back')}
            </Button>
          ) : (
            <DialogClose asChild>
              <Button variant="secondary">{t('refund.cancel')}</Button>
            </DialogClose>
          )}
          <Button type="submit" variant={confirming ? 'danger' : 'primary'} loading={refund.isPending} loadingText={t('refund.refunding')}>
            {confirming ? t('refund.confirm', { amount: money(amount ?? 0) }) : t('refund.continue')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
