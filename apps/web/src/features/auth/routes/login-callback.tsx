import { Clock, LifeBuoy } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { appConfig, supportEmailHref, supportPhoneHref } from '@/config/app';
import { paths } from '@/config/paths';
import { LegalLinks } from '@/components/legal-links';
import { currentLanguage, registerLocales } from '@/lib/i18n/i18n';
import { warmUpFormatters } from '@/lib/intl-warm-up';
import { richText } from '@/lib/i18n/rich-text';
import { startSession } from '@/lib/session/session-store';
import { usePageTitle } from '@/lib/use-page-title';
import { authLocales } from '../locales';
import { hashParam } from '../rules';

await registerLocales('auth', authLocales);

/**
 * /login-callback: where single sign-on returns. `#token=` → stored for this tab only (the
 * persistent copy is removed) → /. `#error=` → "Account awaiting approval". No hash → /.
 */
export function LoginCallbackPage() {
  const { t } = useTranslation('auth');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = hashParam(hash, 'token');
  const error = hashParam(hash, 'error');
  const awaitingApproval = !token && error !== null;
  // The auth service says why (LOGIN_CALLBACK_ERRORS): pending is the spec's approval screen; a disabled
  // account or a failed sign-in gets its own title and the service's explanation.
  const failure = error === 'disabled' || error === 'failed' ? error : null;
  const description = hashParam(hash, 'error_description');
  const title =
    failure === 'disabled' ? t('callback.disabledTitle') : failure === 'failed' ? t('callback.failedTitle') : t('callback.title');
  usePageTitle(awaitingApproval ? title : t('callback.signingIn'));

  useEffect(() => {
    if (token) {
      warmUpFormatters(currentLanguage());
      startSession(token, false);
    }
    if (!awaitingApproval) void navigate(paths.home, { replace: true });
  }, [token, awaitingApproval, navigate]);

  if (!awaitingApproval) {
    return (
      <div className="flex justify-center py-8">
        <Spinner size="lg" label={t('callback.signingIn')} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          aria-hidden="true"
          className="inline-flex size-12 items-center justify-center rounded-full bg-warning-subtle text-warning-text"
        >
          <Clock className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-fg-muted">
          {failure
            ? description || t('callback.failedText')
            : richText(t('callback.message', { phone: appConfig.supportPhone, email: appConfig.supportEmail }), {
                phone: <a href={supportPhoneHref} className="text-link whitespace-nowrap" />,
                email: <a href={supportEmailHref} className="text-link" />,
              })}
        </p>
      </div>
      <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        {t('callback.returnToLogin')}
      </Link>
      <section aria-labelledby="need-help" className="rounded-xl border border-border bg-surface-2 p-4 text-sm">
        <h2 id="need-help" className="flex items-center gap-2 font-semibold">
          <LifeBuoy className="size-4" aria-hidden="true" />
          {t('callback.needHelp')}
        </h2>
        <p className="mt-1 text-fg-muted">{t('callback.needHelpText')}</p>
        <ul className="mt-2 flex flex-col gap-1">
          <li>
            <a href={supportPhoneHref} className="text-link">
              {appConfig.supportPhone}
            </a>
          </li>
          <li>
            <a href={supportEmailHref} className="text-link">
              {appConfig.supportEmail}
            </a>
          </li>
        </ul>
        <LegalLinks className="mt-3" />
      </section>
    </div>
  );
}

export { LoginCallbackPage as Component };
