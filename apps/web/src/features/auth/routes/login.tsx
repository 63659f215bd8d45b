import { useEffect, useRef, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Checkbox, Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { appConfig } from '@/config/app';
import { LOGIN_NEXT_PARAM, paths, ssoLoginPath, ssoLoginUrl } from '@/config/paths';
import { currentLanguage, registerLocales } from '@/lib/i18n/i18n';
import { warmUpFormatters } from '@/lib/intl-warm-up';
import { startSession, useSession } from '@/lib/session/session-store';
import { useHydrated } from '@/lib/use-hydrated';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageVariant } from '@/lib/page-variant';
import { openIdProviders } from '../api/sso-providers';
import { AuthHeading } from '../components/auth-heading';
import { PasswordInput } from '../components/password-input';
import { authLocales } from '../locales';
import { hashParam, loginFailureMessage, returnPathAfterLogin, validateLogin, type LoginFields } from '../rules';

await registerLocales('auth', authLocales);

/**
 * The API module (client + contract schemas + zod, about 35 KB gzip) is loaded on demand: when the form first
 * gets focus or is submitted. The login form itself therefore shows with the bare minimum of JavaScript
 * (docs/decisions/0009-performance-budgets.md: /login ≤ 110 KB as served). For the same reason this form uses plain state, not react-hook-form.
 */
const loadApi = () => import('../api/authenticate');
/** Passkey sign-in (the WebAuthn helper with it) downloads only when its button is pressed. */
const loadPasskeyApi = () => import('../api/passkey-login');

/** Microsoft's four-square mark, drawn inline (no image request). */
function MicrosoftMark() {
  return (
    <svg viewBox="0 0 21 21" className="size-4" aria-hidden="true">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/**
 * /login: Username, Password, Remember me, Log In; "Forgot your password?" and single sign-on.
 * Also consumes one-time login links `#otl=<token>` issued by an Admin (docs/decisions/0006-where-the-spec-is-wrong.md).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  // With few attempts left the refusal says so, in the page's language, so the person can reset in time.
  const withAttemptsWarning = (text: string, attemptsLeft: number | undefined) =>
    attemptsLeft === undefined
      ? text
      : `${text} ${attemptsLeft === 0 ? t('login.noAttemptsLeft') : t('login.attemptsLeft', { count: attemptsLeft })}`;
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const oneTimeToken = hashParam(location.hash, 'otl');
  const [oneTimeState, setOneTimeState] = useState<'idle' | 'busy' | 'failed'>(oneTimeToken ? 'busy' : 'idle');
  const consumed = useRef(false);

  const [fields, setFields] = useState<LoginFields>({ username: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof LoginFields, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // "Sign in with Microsoft" shows only when the auth service lists it (single sign-on configured there); the
  // page the server sent says so already, and the providers call has the last word.
  const ssoListedInPage = usePageVariant().ssoListed;
  const [ssoListed, setSsoListed] = useState(ssoListedInPage);
  useEffect(() => {
    let live = true;
    openIdProviders()
      .then(({ providers }) => {
        if (live) setSsoListed(providers.some((p) => p.id === 'microsoft'));
      })
      // Without the list the link stays hidden: a sign-in that cannot work is not offered.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  // The page is prerendered (vite.config.ts): until React has taken it over, typing would go to inputs whose
  // state React does not know yet, so the fields are read-only until then (about a second at worst).
  const live = useHydrated();
  // "Sign in with a passkey" shows where the browser can use passkeys at all. The prerender cannot know, so it
  // keeps the button's place (nearly every browser has them): added once live, it made the card jump.
  const passkeysAvailable = !live || typeof window.PublicKeyCredential === 'function';
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // Two-factor sign-in: null until the service asks for a code. Each prompt (the request, a wrong code) is a
  // new object, so focus goes back to the field every time and its description is read out.
  const [otp, setOtp] = useState<string | null>(null);
  const [otpPrompt, setOtpPrompt] = useState<{ text: string; wrong: boolean } | null>(null);
  const [recovery, setRecovery] = useState(false);
  const otpRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    otpRef.current?.focus();
  }, [otpPrompt]);

  // A deep link opened signed out comes back after sign-in (this origin's pages only). Read when needed: the
  // page is also rendered at build time, where there is no window.
  const landing = () => returnPathAfterLogin(new URLSearchParams(location.search).get(LOGIN_NEXT_PARAM), window.location.origin);
  const finish = (token: string | null, remember: boolean): boolean => {
    if (!token || !startSession(token, remember)) return false;
    void navigate(landing(), { replace: true });
    return true;
  };

  useEffect(() => {
    if (!oneTimeToken || consumed.current) return;
    // A one-time token is single use: never send it twice (StrictMode runs effects twice in development).
    consumed.current = true;
    loadApi()
      .then(({ oneTimeLogin }) => oneTimeLogin(oneTimeToken))
      .then((response) => {
        if (!(response.successful && finish(response.token, false))) {
          setOneTimeState('failed');
          setFailure(response.error?.trim() || t('login.oneTimeInvalid'));
        }
      })
      .catch((error: unknown) => {
        setOneTimeState('failed');
        setFailure(loginFailureMessage({ error }, t('login.oneTimeInvalid')));
      })
      .finally(() => {
        // Drop the token from the address bar and history.
        window.history.replaceState(window.history.state, '', location.pathname);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per token
  }, [oneTimeToken]);

  const update = (name: keyof LoginFields) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setFields((current) => ({ ...current, [name]: value }));
    // Clear a field's error as soon as it is fixed, not only on the next submit.
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = validateLogin(fields);
    setErrors(invalid);
    if (invalid.username || invalid.password) {
      (invalid.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    const code = otp?.trim();
    if (otp !== null && !code) {
      setOtpPrompt({ text: t('login.codeRequired'), wrong: true });
      return;
    }
    setFailure(null);
    setSubmitting(true);
    // The home page formats money and dates: their ICU data loads while the password is checked.
    warmUpFormatters(currentLanguage());
    try {
      const { authenticate } = await loadApi();
      const response = await authenticate({ username: fields.username.trim(), password: fields.password, otp: code });
      if (response.successful && finish(response.token, remember)) return;
      if (response.secondFactorRequired) {
        // The password was right: the service's text goes beside the code field, not in the banner.
        setOtp('');
        setOtpPrompt({ text: loginFailureMessage({ response }, t('login.failed')), wrong: Boolean(code) });
      } else setFailure(withAttemptsWarning(loginFailureMessage({ response }, t('login.failed')), response.attemptsLeft));
    } catch (error) {
      setFailure(loginFailureMessage({ error }, t('login.failed')));
    }
    setSubmitting(false);
  };

  const onPasskey = async () => {
    if (passkeyBusy || submitting) return;
    setFailure(null);
    setPasskeyBusy(true);
    warmUpFormatters(currentLanguage());
    try {
      const { signInWithPasskey } = await loadPasskeyApi();
      const response = await signInWithPasskey();
      if (response.successful && finish(response.token, remember)) return;
      setFailure(loginFailureMessage({ response }, t('login.passkeyFailed')));
    } catch (error) {
      const { passkeyDialogCancelled } = await loadPasskeyApi();
      setFailure(
        passkeyDialogCancelled(error) ? t('login.passkeyCancelled') : loginFailureMessage({ error }, t('login.passkeyFailed')),
      );
    }
    setPasskeyBusy(false);
  };

  // Already signed in (and not switching user with a one-time link): straight to the dashboard.
  if (session && !oneTimeToken) return <Navigate to={landing()} replace />;

  if (oneTimeState === 'busy') {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <h1 className="text-xl font-semibold">{t('login.oneTimeTitle')}</h1>
        <Spinner size="lg" label={t('login.oneTimeBusy')} />
      </div>
    );
  }

  return (
    <>
      <AuthHeading title={t('login.title')}>{t('login.welcome', { product: appConfig.productName })}</AuthHeading>
      {failure && (
        <Banner tone="error" className="mb-5">
          {failure}
        </Banner>
      )}
      <form onSubmit={onSubmit} onFocus={() => void loadApi()} noValidate className="flex flex-col gap-4">
        <Field label={t('login.username')} error={errors.username && t(errors.username)}>
          <Input
            ref={usernameRef}
            name="username"
            value={fields.username}
            onChange={update('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
            readOnly={!live}
          />
        </Field>
        <Field label={t('login.password')} error={errors.password && t(errors.password)}>
          <PasswordInput
            ref={passwordRef}
            name="password"
            value={fields.password}
            onChange={update('password')}
            autoComplete="current-password"
            aria-required="true"
            readOnly={!live}
          />
        </Field>
        {otp !== null && (
          <Field
            label={t('login.code')}
            hint={otpPrompt?.wrong ? undefined : otpPrompt?.text}
            error={otpPrompt?.wrong ? otpPrompt.text : undefined}
          >
            <Input
              ref={otpRef}
              name="otp"
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              aria-required="true"
            />
          </Field>
        )}
        {otp !== null && (
          // Recovery codes have letters: the numeric keyboard of phones cannot type them.
          <Button variant="link" className="-mt-2 self-start" onClick={() => setRecovery(!recovery)}>
            {t(recovery ? 'login.useApp' : 'login.useRecovery')}
          </Button>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox
            label={t('login.rememberMe')}
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Link to={paths.forgotPassword} className="inline-flex min-h-11 items-center text-sm text-link sm:min-h-0">
            {t('login.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={submitting} loadingText={t('login.submitting')}>
          {t('login.submit')}
        </Button>
      </form>
      {(ssoListed || passkeysAvailable) && (
        <div className="mt-5 flex flex-col gap-3">
          <div className="flex items-center gap-3 text-xs text-fg-muted uppercase" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t('login.or')}
            <span className="h-px flex-1 bg-border" />
          </div>
          {passkeysAvailable && (
            <Button
              variant="secondary"
              size="lg"
              className="w-full"
              loading={passkeyBusy}
              loadingText={t('login.passkeyBusy')}
              onClick={() => void onPasskey()}
              onPointerEnter={() => void loadPasskeyApi()}
              onFocus={() => void loadPasskeyApi()}
            >
              <KeyRound className="size-4" aria-hidden="true" />
              {t('login.passkey')}
            </Button>
          )}
          {ssoListed && (
            // A plain link: single sign-on is a full-page redirect through the auth service.
            // The return address needs the page's origin, which the prerender has not: until live (and inert) the
            // link goes without it, so the prerendered page and its hydration agree.
            <a href={live ? ssoLoginUrl() : ssoLoginPath()} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
              <MicrosoftMark />
              {t('login.sso', { provider: appConfig.ssoProviderName })}
            </a>
          )}
        </div>
      )}
    </>
  );
}

export { LoginPage as Component };
