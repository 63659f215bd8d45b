import { endpoints } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { api, errorMessage } from '@/lib/api/client';
import { registerLocales } from '@/lib/i18n/i18n';
import { reauthenticationLocales } from './locales';

/** Passkey confirmation (and the WebAuthn helper) downloads only when its button is pressed. */
const loadPasskey = () => import('./confirm-with-passkey');

await registerLocales('reauthentication', reauthenticationLocales);

/**
 * Asks the signed-in person for their password again (`Authenticate/confirm`) before a sensitive change is
 * retried, or, where the browser has passkeys, for one of their passkeys instead. `onDone(true)` once
 * confirmed; `onDone(false)` when they cancel.
 */
export function ConfirmPasswordDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  const { t } = useTranslation('reauthentication');
  const { t: tc } = useTranslation();
  const formId = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeysAvailable = typeof window.PublicKeyCredential === 'function';

  const finish = (confirmed: boolean) => {
    setPassword('');
    setProblem(null);
    onDone(confirmed);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem(t('required'));
      return;
    }
    setBusy(true);
    try {
      await api.call(endpoints.confirmPassword, { body: { password } });
      finish(true);
    } catch (error) {
      setProblem(errorMessage(error, t('failed')));
    } finally {
      setBusy(false);
    }
  };

  const confirmByPasskey = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await (await loadPasskey()).confirmWithPasskey();
      finish(true);
    } catch (error) {
      const { passkeyDialogCancelled } = await loadPasskey();
      setProblem(passkeyDialogCancelled(error) ? t('passkeyCancelled') : errorMessage(error, t('passkeyFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && finish(false)}
      title={t('title')}
      description={t('text')}
      size="sm"
      busy={busy}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{tc('cancel')}</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={busy} loadingText={t('confirming')}>
            {t('confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        {problem && <Banner tone="error">{problem}</Banner>}
        <Field label={t('password')} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        {passkeysAvailable && (
          <Button
            variant="link"
            className="self-start"
            disabled={busy}
            onClick={() => void confirmByPasskey()}
            onFocus={() => void loadPasskey()}
          >
            {t('usePasskey')}
          </Button>
        )}
      </form>
    </Dialog>
  );
}
