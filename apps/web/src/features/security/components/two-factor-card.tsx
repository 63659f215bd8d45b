import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { useReauthentication } from '@/components/reauthentication/use-reauthentication';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api/client';
import { serverTextOr } from '@/lib/api/server-text';
import { startTotpSetup } from '../api/totp-setup';
import { twoFactorStatusQuery } from '../api/get-two-factor-status';
import { NewRecoveryCodesDialog, preloadTwoFactorDialogs, TurnOffTwoFactorDialog, TurnOnTwoFactorDialog } from './lazy-dialogs';

export interface TwoFactorCardProps {
  onSuccess: (text: string) => void;
  onInfo: (text: string) => void;
  onError: (text: string, cause?: unknown) => void;
}

/**
 * "Two-factor sign-in": turn an authenticator app on (QR code, secret, confirm with a code, recovery codes) or
 * off (with a code). Whether it is on comes from the auth service.
 */
export function TwoFactorCard({ onSuccess, onInfo, onError }: TwoFactorCardProps) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const on = useQuery(twoFactorStatusQuery()).data === true;
  const setOn = (value: boolean) => queryClient.setQueryData(twoFactorStatusQuery().queryKey, value);
  const [setup, setSetup] = useState<Awaited<ReturnType<typeof startTotpSetup>> | null>(null);
  const [setupOpen, setSetupOpen] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [renewing, setRenewing] = useState(false);

  // Enrolling an authenticator needs a recent sign-in: an old one confirms the password first.
  const reauthentication = useReauthentication();
  const start = useMutation({
    mutationFn: () => reauthentication.run(startTotpSetup),
    onSuccess: (answer) => {
      setSetup(answer);
      setSetupOpen(true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setOn(true);
        onInfo(serverTextOr(error, t('twoFactor.alreadyOn')));
      } else onError(serverTextOr(error, t('twoFactor.setupFailed')), error);
    },
  });

  return (
    <Card as="section" aria-labelledby="two-factor-title">
      <CardHeader
        title={t('twoFactor.title')}
        titleId="two-factor-title"
        description={t('twoFactor.intro')}
        icon={<ShieldCheck />}
      />
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={on ? 'success' : 'neutral'}>{on ? t('twoFactor.on') : t('twoFactor.off')}</Badge>
          {on ? t('twoFactor.onText') : t('twoFactor.offText')}
        </p>
        {on ? (
          <div className="flex w-full shrink-0 flex-col gap-2 sm:w-auto sm:flex-row">
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              onClick={() => setRenewing(true)}
              onPointerEnter={preloadTwoFactorDialogs}
              onFocus={preloadTwoFactorDialogs}
            >
              {t('twoFactor.newCodes')}
            </Button>
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              onClick={() => setTurningOff(true)}
              onPointerEnter={preloadTwoFactorDialogs}
              onFocus={preloadTwoFactorDialogs}
            >
              {t('twoFactor.turnOff')}
            </Button>
          </div>
        ) : (
          <Button
            className="w-full shrink-0 sm:w-auto"
            loading={start.isPending}
            loadingText={t('twoFactor.starting')}
            onClick={() => start.mutate()}
            onPointerEnter={preloadTwoFactorDialogs}
            onFocus={preloadTwoFactorDialogs}
          >
            {t('twoFactor.turnOn')}
          </Button>
        )}
      </CardBody>
      <TurnOnTwoFactorDialog
        // A new set-up (a new secret) starts the dialog afresh.
        key={setup?.secret}
        open={setupOpen}
        setup={setup}
        onClose={() => setSetupOpen(false)}
        onEnabled={() => setOn(true)}
        onDone={() => onSuccess(t('notice.twoFactorOn'))}
      />
      <NewRecoveryCodesDialog
        open={renewing}
        onClose={() => setRenewing(false)}
        onRenewed={() => onSuccess(t('notice.newCodes'))}
        onOff={(text) => {
          setOn(false);
          onInfo(text);
        }}
      />
      <TurnOffTwoFactorDialog
        open={turningOff}
        onClose={() => setTurningOff(false)}
        onTurnedOff={(text) => {
          setOn(false);
          onSuccess(text ?? t('notice.twoFactorOff'));
        }}
      />
      {reauthentication.dialog}
    </Card>
  );
}
