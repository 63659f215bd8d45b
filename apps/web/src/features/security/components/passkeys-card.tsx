import type { PasskeySummary } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { useReauthentication } from '@/components/reauthentication/use-reauthentication';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverTextOr } from '@/lib/api/server-text';
import { useFormat } from '@/lib/i18n/use-format';
import { passkeysQuery, registerPasskey } from '../api/passkeys';
import { passkeyProblem } from '../rules';
import { preloadPasskeyDialogs, RemovePasskeyDialog } from './lazy-dialogs';

export interface PasskeysCardProps {
  onSuccess: (text: string) => void;
  onInfo: (text: string) => void;
  onError: (text: string, cause?: unknown) => void;
}

/** Whether this browser can create and use passkeys at all (checked without loading the WebAuthn helper). */
const webAuthnAvailable = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * "Passkeys": sign in with the device's screen lock (fingerprint, face, PIN) instead of a password. Add one
 * on this device, see each one's device and use, remove one after a confirmation.
 */
export function PasskeysCard({ onSuccess, onInfo, onError }: PasskeysCardProps) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQuery());
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const supported = webAuthnAvailable();

  useEffect(preloadPasskeyDialogs, []);

  // A new passkey signs in without the password: an old sign-in confirms the password first, then it is added.
  const reauthentication = useReauthentication();
  const add = useMutation({
    mutationFn: () => reauthentication.run(registerPasskey),
    onSuccess: (passkey) => {
      void queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey });
      onSuccess(t('notice.passkeyAdded', { name: passkey.name }));
    },
    onError: (error) => {
      const problem = passkeyProblem(error);
      if (problem === 'cancelled') onInfo(t('passkeys.cancelled'));
      else if (problem === 'alreadyRegistered') onInfo(t('passkeys.alreadyRegistered'));
      else if (problem === 'notHere') onError(t('passkeys.notHere'), error);
      else onError(serverTextOr(error, t('passkeys.addFailed')), error);
    },
  });

  const list = passkeys.data ?? [];

  return (
    <Card as="section" aria-labelledby="passkeys-title">
      <CardHeader title={t('passkeys.title')} titleId="passkeys-title" description={t('passkeys.intro')} icon={<KeyRound />} />
      <CardBody>
        {passkeys.isError ? (
          <Banner tone="error">
            {t('passkeys.loadError')}{' '}
            <Button variant="link" onClick={() => void passkeys.refetch()}>
              {tc('retry')}
            </Button>
          </Banner>
        ) : !passkeys.data ? (
          <div aria-busy="true">
            <span role="status" className="sr-only">
              {t('passkeys.loading')}
            </span>
            <Skeleton className="h-14 w-full" />
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('passkeys.none')}</p>
        ) : (
          <ul aria-label={t('passkeys.listLabel')} className="divide-y divide-border">
            {list.map((passkey) => (
              <PasskeyItem key={String(passkey.id)} passkey={passkey} onRemove={() => setRemoving(passkey)} />
            ))}
          </ul>
        )}
        <div className="mt-4 border-t border-border pt-4">
          {supported ? (
            <Button
              className="w-full sm:w-auto"
              loading={add.isPending}
              loadingText={t('passkeys.adding')}
              onClick={() => add.mutate()}
            >
              <Plus className="size-4" aria-hidden="true" />
              {t('passkeys.add')}
            </Button>
          ) : (
            <p className="text-sm text-fg-muted">{t('passkeys.unsupported')}</p>
          )}
        </div>
      </CardBody>
      <RemovePasskeyDialog
        open={removing !== null}
        passkey={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(passkey) => onSuccess(t('notice.passkeyRemoved', { name: passkey.name }))}
        onFailed={(error) => onError(serverTextOr(error, t('notice.passkeyRemoveFailed')), error)}
      />
      {reauthentication.dialog}
    </Card>
  );
}

function PasskeyItem({ passkey, onRemove }: { passkey: PasskeySummary; onRemove: () => void }) {
  const { t } = useTranslation('security');
  const { language } = useFormat();
  const dateTime = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const added = dateTime.format(new Date(passkey.createdAt));
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {passkey.name}
          {passkey.backedUp && <Badge tone="info">{t('passkeys.synced')}</Badge>}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          <time dateTime={passkey.createdAt}>{t('passkeys.added', { when: added })}</time>
          {' · '}
          {passkey.lastUsedAt ? (
            <time dateTime={passkey.lastUsedAt}>
              {t('passkeys.lastUsed', { when: dateTime.format(new Date(passkey.lastUsedAt)) })}
            </time>
          ) : (
            t('passkeys.neverUsed')
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRemove}
        className="w-full shrink-0 sm:w-auto"
        // Which passkey, for screen readers; it starts with the visible word (WCAG 2.5.3).
        aria-label={t('passkeys.removeLabel', { name: passkey.name, when: added })}
      >
        {t('passkeys.remove')}
      </Button>
    </li>
  );
}
