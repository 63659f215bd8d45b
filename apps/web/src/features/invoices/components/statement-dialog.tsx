import { STATEMENT_MAX_YEARS } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { RadioGroup } from '@/components/ui/radio-option';
import { serverTextOr } from '@/lib/api/server-text';
import { downloadStatement } from '../api/download-statement';
import { hasStatementErrors, statementFormDefaults, validateStatementForm, type StatementFieldError, type StatementForm } from '../statement-rules';

export interface StatementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  /** Today in the account's time zone (`YYYY-MM-DD`): the default period ends on it. */
  today: string;
  onDownloaded: () => void;
}

/**
 * "Statement of account": a period (From, To: the account's calendar days) and a format
 * (PDF or CSV); Download fetches the file and closes the dialog, which gives focus back to its opener.
 * Nothing is requested while a date is missing, invalid, reversed or the period is longer than 5 years.
 */
export function StatementDialog({ open, onOpenChange, ...props }: StatementDialogProps) {
  const { t } = useTranslation('invoices');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('statement.title')} description={t('statement.description')} busy={busy}>
      {/* Remounted on every opening: the form starts from the default period again. */}
      <StatementDialogForm {...props} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function StatementDialogForm({
  accountId,
  today,
  onDownloaded,
  onBusyChange,
  onDone,
}: Omit<StatementDialogProps, 'open' | 'onOpenChange'> & { onBusyChange: (busy: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation('invoices');
  const ids = useId();
  const [form, setForm] = useState<StatementForm>(() => statementFormDefaults(today));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({ mutationFn: (value: StatementForm) => downloadStatement(accountId, value) });
  const errors = validateStatementForm(form);
  const shown = submitted ? errors : {};
  const update = (patch: Partial<StatementForm>) => setForm((current) => ({ ...current, ...patch }));
  const message = (error: StatementFieldError | undefined) => (error ? t(`statement.errors.${error}`, { years: STATEMENT_MAX_YEARS }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (hasStatementErrors(errors)) {
      (errors.from ? fromRef : toRef).current?.focus();
      return;
    }
    onBusyChange(true);
    mutation.mutate(form, {
      onSuccess: () => {
        onBusyChange(false);
        onDownloaded();
        onDone();
      },
      onError: (error) => {
        onBusyChange(false);
        console.error('Downloading the statement failed', error);
        setServerError(serverTextOr(error, t('statement.failed')));
      },
    });
  };
  const working = mutation.isPending;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {serverError && <Banner tone="error">{serverError}</Banner>}
      {!serverError && submitted && hasStatementErrors(errors) && <Banner tone="error">{t('statement.fixErrors')}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('statement.from')} error={message(shown.from)} required>
          <Input ref={fromRef} type="date" value={form.from} max={form.to || undefined} disabled={working} onChange={(e) => update({ from: e.target.value })} />
        </Field>
        <Field label={t('statement.to')} error={message(shown.to)} required>
          <Input ref={toRef} type="date" value={form.to} min={form.from || undefined} disabled={working} onChange={(e) => update({ to: e.target.value })} />
        </Field>
      </div>
      <RadioGroup
        name={`${ids}-format`}
        legend={t('statement.format')}
        value={form.format}
        onChange={(format) => update({ format })}
        disabled={working}
        choices={[
          { value: 'pdf', label: t('statement.pdf'), hint: t('statement.pdfHint') },
          { value: 'csv', label: t('statement.csv'), hint: t('statement.csvHint') },
        ]}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={working}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" loading={working} loadingText={t('statement.downloading')}>
          {t('statement.download')}
        </Button>
      </DialogFooter>
    </form>
  );
}
