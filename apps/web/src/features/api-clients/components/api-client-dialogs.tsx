import { API_CLIENT_SCOPES, endpoints, type ApiClient, type ApiClientCredentials, type ApiClientScope } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { RotateSecretDialog } from '@/components/rotate-secret-dialog';
import { SecretOnceDialog } from '@/components/secret-once-dialog';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Checkbox, Field, Input, TextArea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api/client';
import { createApiClient, disableApiClient, rotateApiClientSecret } from '../api/api-clients';

/** Dialogs of the API clients screen, loaded on demand by routes/api-clients.tsx. */

export function CreateApiClientDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (credentials: ApiClientCredentials) => void }) {
  const { t } = useTranslation('apiClients');
  const { t: tc } = useTranslation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiClientScope[]>([]);
  const [tried, setTried] = useState(false);
  const create = useMutation({ mutationFn: () => createApiClient({ name: name.trim(), scopes }), onSuccess: onCreated });
  const nameError = tried && !name.trim() ? t('nameRequired') : undefined;
  const scopesError = tried && scopes.length === 0 ? t('scopesRequired') : undefined;
  const submit = () => {
    setTried(true);
    if (name.trim() && scopes.length > 0) create.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('createTitle')}
      description={t('createText')}
      busy={create.isPending}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{tc('cancel')}</Button>
          </DialogClose>
          <Button loading={create.isPending} loadingText={t('creating')} onClick={submit}>
            {t('create')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {create.isError && <Banner tone="error">{errorMessage(create.error, t('actionFailed'))}</Banner>}
        <Field label={t('name')} hint={t('nameHint')} error={nameError} required>
          <Input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        </Field>
        <fieldset className="flex flex-col gap-1" aria-describedby={scopesError ? 'api-client-scopes-error' : undefined}>
          <legend className="mb-2 text-sm font-semibold">{t('scopes')}</legend>
          {API_CLIENT_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={`${t(`scope.${scope}`)} (${scope})`}
              hint={t(`scopeHint.${scope}`)}
              checked={scopes.includes(scope)}
              onChange={(event) => setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))}
            />
          ))}
          {scopesError && (
            <p id="api-client-scopes-error" className="text-sm text-danger">
              {scopesError}
            </p>
          )}
        </fieldset>
      </div>
    </Dialog>
  );
}

/** The client's credentials, once: after creation and after each rotation. */
export function SecretDialog({
  credentials,
  onClose,
  returnFocusTo,
}: {
  credentials: ApiClientCredentials;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('apiClients');
  return (
    <SecretOnceDialog
      title={t('secretTitle', { name: credentials.client.name })}
      warning={t('secretWarning')}
      fields={[
        { label: t('clientId'), value: credentials.client.clientId, copyLabel: t('copyClientId'), copiedLabel: t('copiedClientId') },
        { label: t('clientSecret'), value: credentials.clientSecret, copyLabel: t('copySecret'), copiedLabel: t('copiedSecret') },
      ]}
      doneLabel={t('done')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      <Field label={t('tokenEndpoint')}>
        <TextArea readOnly rows={2} value={`${window.location.origin}${endpoints.oauthToken.path}`} className="font-mono text-xs" />
      </Field>
    </SecretOnceDialog>
  );
}

/** Grace periods offered for the current secret, in minutes. */
export const GRACE_PERIODS = [0, 60, 1440, 10080, 43200] as const;

export function RotateApiClientSecretDialog({
  client,
  onClose,
  onRotated,
}: {
  client: ApiClient;
  onClose: () => void;
  onRotated: (credentials: ApiClientCredentials) => void;
}) {
  const { t } = useTranslation('apiClients');
  return (
    <RotateSecretDialog
      title={t('rotateTitle', { name: client.name })}
      description={t('rotateText')}
      periodLabel={t('gracePeriod')}
      periods={GRACE_PERIODS}
      periodText={(minutes) => t(`grace_${minutes as (typeof GRACE_PERIODS)[number]}`)}
      rotate={(minutes) => rotateApiClientSecret(client.id, minutes)}
      onClose={onClose}
      onRotated={onRotated}
      texts={{ rotate: t('rotate'), rotating: t('rotating'), failed: t('actionFailed') }}
    />
  );
}

export function DisableApiClientDialog({ client, onClose, onDone }: { client: ApiClient; onClose: () => void; onDone: (text: string) => unknown }) {
  const { t } = useTranslation('apiClients');
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      title={t('disableTitle', { name: client.name })}
      confirmLabel={t('disable')}
      workingLabel={t('disabling')}
      action={() => disableApiClient(client.id)}
      onDone={(disabled) => onDone(t('disabled', { name: disabled.name }))}
      failedText={t('actionFailed')}
    >
      {t('disableText')}
    </ConfirmActionDialog>
  );
}
