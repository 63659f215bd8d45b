import { Compass } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { registerLocales } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { notFoundLocales } from '../locales';

await registerLocales('notFound', notFoundLocales);

/** Catch-all `*`. Public, so it works signed in or not; "Return Home" goes to /. */
export function NotFoundPage() {
  const { t } = useTranslation('notFound');
  usePageTitle(t('pageTitle'));
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 py-16 text-center outline-none"
    >
      <Link to={paths.home} className="rounded-lg">
        <Logo />
      </Link>
      <span
        aria-hidden="true"
        className="inline-flex size-16 items-center justify-center rounded-full bg-brand-subtle text-brand-text"
      >
        <Compass className="size-8" />
      </span>
      <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
      <p className="max-w-md text-lg text-fg-muted">{t('text')}</p>
      <Link to={paths.home} className={buttonClasses({ size: 'lg' })}>
        {t('returnHome')}
      </Link>
    </main>
  );
}

export { NotFoundPage as Component };
