import { useMutation } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { toString as qrSvg } from 'qrcode';
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { useReauthentication } from '@/components/reauthentication/use-reauthentication';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { ApiError } from '@/lib/api/client';
import { serverTextOr } from '@/lib/api/server-text';
import { enableTotp, renewRecoveryCodes } from '../api/totp-enable';
import { disableTwoFactor } from '../api/two-factor-disable';
import { secretGroups } from '../rules';

/** Copies `text` and says so in a live region beside the button. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-flex items-center gap-3">
      <Button variant="secondary" size="sm" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
        <Copy className="size-4" aria-hidden="true" />
        {label}
      </Button>
      <span role="status" className="text-sm text-success">
        {copied ? t('copied') : ''}
      </span>
    </span>
  );
}

/** The otpauth:// URL as a QR code image (an SVG data URL: allowed by the CSP, no canvas). */
function QrCode({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [url]);
  // A fixed box, so nothing jumps when the image arrives; the SVG brings its own white background (dark theme).
  return (
    <div className="size-48 shrink-0 rounded-lg border border-border">
      {src && <img src={src} alt={alt} className="size-full" />}
    </div>
  );
}

/** The recovery codes, shown this once, and a button to copy them. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('security');
  return (
    <>
      <ul aria-label={t('setup.codesLabel')} className="grid grid-cols-1 gap-2 rounded-lg bg-surface-2 p-4 font-mono text-sm min-[360px]:grid-cols-2">
        {codes.map((recoveryCode) => (
          <li key={recoveryCode}>{recoveryCode}</li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label={t('setup.copyCodes')} />
    </>
  );
}

/** Codes as typed: spaces people copy along are dropped. */
const cleanCode = (code: string) => code.replace(/\s+/g, '');

export interface TurnOnTwoFactorDialogProps {
  open: boolean;
  setup: { secret: string; otpauthUrl: string } | null;
  onClose: () => void;
  /** Two-factor sign-in is on (the recovery codes are showing). */
  onEnabled: () => void;
  /** The person closed the dialog after it was turned on. */
  onDone: () => void;
}

/**
 * Turning two-factor sign-in on: scan the QR code (or type the secret), confirm with a code, then save the
 * 10 recovery codes, shown this once.
 */
export function TurnOnTwoFactorDialog({ open, setup, onClose, onEnabled, onDone }: TurnOnTwoFactorDialogProps) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const savedRef = useRef<HTMLHeadingElement>(null);

  // The set-up may have begun just inside the 10 minutes: an old sign-in confirms the password, then it is on.
  const reauthentication = useReauthentication();
  const enable = useMutation({
    mutationFn: (value: string) => reauthentication.run(() => enableTotp(value)),
    onSuccess: (answer) => {
      setRecoveryCodes(answer.recoveryCodes);
      onEnabled();
    },
    onError: (cause) => {
      setError(serverTextOr(cause, t('setup.failed')));
      codeRef.current?.focus();
    },
  });

  // The confirm step's controls are gone: take focus to what replaced them.
  useEffect(() => {
    if (recoveryCodes) savedRef.current?.focus();
  }, [recoveryCodes]);

  const close = () => {
    onClose();
    if (recoveryCodes) onDone();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = cleanCode(code);
    if (!/^\d{6}$/.test(value)) {
      setError(t('setup.codeInvalid'));
      codeRef.current?.focus();
      return;
    }
    setError(null);
    enable.mutate(value);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('setup.title')}
      description={recoveryCodes ? undefined : t('setup.scan')}
      busy={enable.isPending}
      // On what to do next; the description, read out, says to scan first.
      initialFocus={codeRef}
    >
      {recoveryCodes ? (
        <div className="flex flex-col gap-4">
          <h3 ref={savedRef} tabIndex={-1} className="font-semibold outline-none">
            {t('setup.savedTitle')}
          </h3>
          <p className="text-sm">{t('setup.savedText')}</p>
          <RecoveryCodes codes={recoveryCodes} />
          <DialogFooter>
            <Button onClick={close}>{t('setup.done')}</Button>
          </DialogFooter>
        </div>
      ) : (
        setup && (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <QrCode url={setup.otpauthUrl} alt={t('setup.qrAlt')} />
              <div className="flex min-w-0 flex-col gap-2 text-sm">
                <p>{t('setup.manual')}</p>
                <p>
                  <span className="sr-only">{t('setup.secretLabel')} </span>
                  {/* A line breaks between groups only, never inside one (a broken group is easy to mistype). */}
                  <code className="font-mono text-base">
                    {secretGroups(setup.secret).map((group, index) => (
                      <Fragment key={index}>
                        {index > 0 && ' '}
                        <span className="whitespace-nowrap">{group}</span>
                      </Fragment>
                    ))}
                  </code>
                </p>
                <CopyButton text={setup.secret} label={t('setup.copySecret')} />
              </div>
            </div>
            <Field label={t('setup.code')} hint={t('setup.codeHint')} error={error}>
              <Input
                ref={codeRef}
                name="code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={9}
                aria-required="true"
              />
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary" disabled={enable.isPending}>
                  {tc('cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" loading={enable.isPending} loadingText={t('setup.confirming')}>
                {t('setup.confirm')}
              </Button>
            </DialogFooter>
          </form>
        )
      )}
      {reauthentication.dialog}
    </Dialog>
  );
}

export interface NewRecoveryCodesDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new codes were shown and the person closed the dialog. */
  onRenewed: () => void;
  /** Two-factor turned out to be off (elsewhere); `text` says so. */
  onOff: (text: string) => void;
}

/**
 * "Make new recovery codes?": the old codes stop working, the 10 new ones are shown this once. An old
 * sign-in confirms the password first.
 */
export function NewRecoveryCodesDialog({ open, onClose, onRenewed, onOff }: NewRecoveryCodesDialogProps) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const savedRef = useRef<HTMLHeadingElement>(null);
  const reauthentication = useReauthentication();
  const renew = useMutation({
    mutationFn: () => reauthentication.run(renewRecoveryCodes),
    onSuccess: (answer) => {
      setError(null);
      setCodes(answer.recoveryCodes);
    },
    onError: (cause) => {
      if (cause instanceof ApiError && cause.status === 409) {
        onClose();
        onOff(serverTextOr(cause, t('newCodesDialog.failed')));
        return;
      }
      setError(serverTextOr(cause, t('newCodesDialog.failed')));
    },
  });

  useEffect(() => {
    if (codes) savedRef.current?.focus();
  }, [codes]);

  const close = () => {
    const renewed = codes !== null;
    setCodes(null);
    setError(null);
    onClose();
    if (renewed) onRenewed();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('newCodesDialog.title')}
      description={codes ? undefined : t('newCodesDialog.text')}
      size="sm"
      busy={renew.isPending}
    >
      {codes ? (
        <div className="flex flex-col gap-4">
          <h3 ref={savedRef} tabIndex={-1} className="font-semibold outline-none">
            {t('setup.savedTitle')}
          </h3>
          <p className="text-sm">{t('newCodesDialog.savedText')}</p>
          <RecoveryCodes codes={codes} />
          <DialogFooter>
            <Button onClick={close}>{t('setup.done')}</Button>
          </DialogFooter>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {error && (
            <p role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={renew.isPending}>
                {tc('cancel')}
              </Button>
            </DialogClose>
            <Button loading={renew.isPending} loadingText={t('newCodesDialog.working')} onClick={() => renew.mutate()}>
              {t('newCodesDialog.confirm')}
            </Button>
          </DialogFooter>
        </div>
      )}
      {reauthentication.dialog}
    </Dialog>
  );
}

export interface TurnOffTwoFactorDialogProps {
  open: boolean;
  onClose: () => void;
  /** Off now; `text` is the service's when it was not on in the first place. */
  onTurnedOff: (text?: string) => void;
}

/** "Turn off two-factor sign-in?": proven with a current code or a recovery code. */
export function TurnOffTwoFactorDialog({ open, onClose, onTurnedOff }: TurnOffTwoFactorDialogProps) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const finish = (text?: string) => {
    setCode('');
    setError(null);
    onClose();
    onTurnedOff(text);
  };
  // Turning two-factor off needs a recent sign-in: the password is asked for then (docs/decisions/0011-server-side-sessions.md).
  const reauthentication = useReauthentication();
  const disable = useMutation({
    mutationFn: (value: string) => reauthentication.run(() => disableTwoFactor(value)),
    onSuccess: () => finish(),
    onError: (cause) => {
      if (cause instanceof ApiError && cause.status === 409) return finish(serverTextOr(cause, t('offDialog.failed')));
      setError(serverTextOr(cause, t('offDialog.failed')));
      codeRef.current?.focus();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = cleanCode(code);
    if (value.length < 6) {
      setError(t('offDialog.codeRequired'));
      codeRef.current?.focus();
      return;
    }
    setError(null);
    disable.mutate(value);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('offDialog.title')}
      description={t('offDialog.text')}
      size="sm"
      busy={disable.isPending}
      initialFocus={codeRef}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label={t('offDialog.code')} hint={t('offDialog.codeHint')} error={error}>
          <Input
            ref={codeRef}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            aria-required="true"
          />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={disable.isPending}>
              {tc('cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={disable.isPending} loadingText={t('offDialog.working')}>
            {t('offDialog.confirm')}
          </Button>
        </DialogFooter>
      </form>
      {reauthentication.dialog}
    </Dialog>
  );
}
