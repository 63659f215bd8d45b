import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from '@/lib/i18n/translate';
import { Button, buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '@/config/paths';
import { useInputReady } from './root-layout';

/**
 * Last-resort error screen of the router (a route module failed to download after a deploy, or a render
 * threw). Network/chunk errors are fixed by a reload, so that is the main action.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  usePageTitle(t('routeError.title'));
  useInputReady();
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      <Logo />
      <h1 className="text-2xl font-semibold">{t('routeError.title')}</h1>
      <p className="max-w-md text-fg-muted">{t('routeError.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <Link to={paths.home} className={buttonClasses({ variant: 'secondary' })} reloadDocument>
          {t('routeError.home')}
        </Link>
      </div>
    </main>
  );
}
