import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '@/lib/i18n/translate';
import { RouteFocus } from './components/route-focus';
import { SkipLink } from './components/skip-link';

/**
 * A prerendered page comes inert (prerender-pages.ts: a click or key before React has it would be lost);
 * whatever the root route renders first, the layout or the error screen, makes it take input.
 */
export const useInputReady = () => useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);

/** Wraps every route: skip link, route-change focus/announcement, scroll restoration, a loading bar. */
export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const loading = navigation.state === 'loading';
  useInputReady();
  return (
    <>
      <SkipLink />
      {loading && (
        <div
          role="progressbar"
          aria-label={t('loadingPage')}
          className="fixed inset-x-0 top-0 z-[90] h-1 overflow-hidden bg-brand/20"
        >
          <div className="h-full w-1/3 animate-progress bg-brand" />
        </div>
      )}
      <Outlet />
      <RouteFocus />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route module downloads (before React Router can render anything). */
export function RootFallback() {
  return <div className="min-h-dvh bg-page" aria-busy="true" />;
}
