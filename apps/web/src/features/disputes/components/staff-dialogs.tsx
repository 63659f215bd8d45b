import { DISPUTE_REJECTION_MAX, toMinor, type Dispute } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api/client';
import { parseAmount } from '@/lib/amount';
import { useFormat } from '@/lib/i18n/use-format';
import { resolveDispute, reviewDispute } from '../api/disputes';

/** Dialogs of /admin/disputes, loaded on demand. Each closes itself and reports what it did. */

interface StaffDialogProps {
  dispute: Dispute;
  onClose: () => void;
  onDone: (dispute: Dispute) => void;
}

export function TakeDialog({ dispute, onClose, onDone }: StaffDialogProps) {
  const { t } = useTranslation('disputes');
  const f = useFormat();
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={t('takeTitle')}
      confirmLabel={t('take')}
      tone="primary"
      workingLabel={t('taking')}
      action={() => reviewDispute(dispute.id)}
      onDone={onDone}
      failedText={t('actionFailed')}
    >
      {t('takeText', { amount: f.currency(dispute.amount, dispute.currency), description: dispute.lineDescription })}
    </ConfirmActionDialog>
  );
}

export function ResolveDialog({ dispute, onClose, onDone }: StaffDialogProps) {
  const { t } = useTranslation('disputes');
  const f = useFormat();
  const money = (amount: number) => f.currency(amount, dispute.currency);
  const [text, setText] = useState(dispute.amount.toFixed(2));
  const [shown, setShown] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const amount = parseAmount(text);
  const invalid = amount === null ? t('amountInvalid') : toMinor(amount) > toMinor(dispute.amount) ? t('amountAboveLine', { max: money(dispute.amount) }) : null;
  const resolve = useMutation({ mutationFn: () => resolveDispute(dispute.id, { outcome: 'Resolved', creditedAmount: amount! }), onSuccess: onDone });
  const serverField = resolve.error instanceof ApiError ? resolve.error.fieldMessages.creditedAmount : undefined;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('resolveTitle')}
      description={t('resolveText', { number: dispute.invoiceNumber, amount: money(dispute.amount) })}
      size="sm"
      busy={resolve.isPending}
      initialFocus={inputRef}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setShown(true);
          if (!invalid) resolve.mutate();
        }}
      >
        <Field label={t('creditAmount')} error={(shown && invalid) || serverField} required>
          <Input ref={inputRef} inputMode="decimal" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
        </Field>
        {resolve.isError && !serverField && <Banner tone="error">{errorMessage(resolve.error, t('actionFailed'))}</Banner>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={resolve.isPending}>
              {t('cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" loading={resolve.isPending} loadingText={t('crediting')}>
            {t('creditConfirm', { amount: money(amount ?? 0) })}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

export function RejectDialog({ dispute, onClose, onDone }: StaffDialogProps) {
  const { t } = useTranslation('disputes');
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const invalid = reason.trim() === '' ? t('rejectionRequired') : reason.trim().length > DISPUTE_REJECTION_MAX ? t('detailsTooLong', { max: DISPUTE_REJECTION_MAX }) : null;
  const reject = useMutation({ mutationFn: () => resolveDispute(dispute.id, { outcome: 'Rejected', rejectionReason: reason.trim() }), onSuccess: onDone });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('rejectTitle')}
      description={t('rejectText')}
      size="sm"
      busy={reject.isPending}
      initialFocus={inputRef}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setShown(true);
          if (!invalid) reject.mutate();
        }}
      >
        <Field label={t('rejectionReason')} error={shown ? invalid : null} required>
          <Input ref={inputRef} autoComplete="off" value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        {reject.isError && <Banner tone="error">{errorMessage(reject.error, t('actionFailed'))}</Banner>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={reject.isPending}>
              {t('cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={reject.isPending} loadingText={t('rejecting')}>
            {t('reject')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
