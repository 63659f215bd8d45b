import { Activity, CreditCard, FileText, Home, IdCard, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link, Navigate, NavLink, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { appConfig } from '@/config/app';
import { loginHref, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import type { Session } from '@/lib/session/session';
import { getSession, useSession } from '@/lib/session/session-store';
import { AccountSelector } from '../components/account-selector';
import { LanguageSync } from '../components/language-sync';
import { LegalLinks } from '@/components/legal-links';
import { SupportContact } from '@/components/support-contact';
import { ThemeToggle } from '../components/theme-toggle';
import { UserMenu } from '../components/user-menu';
import { ActingForBanner } from '../components/acting-for-banner';
import { ClosedAccountBanner } from '../components/closed-account-banner';
import { shellLocales } from '../locales';
import { clearPortalCache, PortalProviders } from '../providers';
import { registerLocales } from '@/lib/i18n/i18n';
import { IdleWarning, idleLocales } from '@/features/security';
import { NotificationBell, notificationLocales } from '@/features/notifications';

await Promise.all([
  registerLocales('shell', shellLocales),
  registerLocales('session-idle', idleLocales),
  registerLocales('notifications', notificationLocales),
]);

/**
 * Anyone without a (valid, unexpired) session goes to /login before any authenticated page loads; the page
 * they opened comes along, so signing in lands on it.
 */
export const loader = ({ request }: LoaderFunctionArgs) => {
  if (getSession()) return null;
  const url = new URL(request.url);
  return redirect(loginHref(`${url.pathname}${url.search}`));
};

const NAV_ITEMS = [
  { to: paths.home, key: 'nav.home', icon: Home, end: true, everywhere: true },
  { to: paths.invoices, key: 'nav.invoices', icon: FileText, end: false, everywhere: false },
  // A section of its own beside Invoices & Billing, in the top menu on every screen.
  { to: paths.usage, key: 'nav.usage', icon: Activity, end: false, everywhere: true },
  { to: paths.payments, key: 'nav.payments', icon: CreditCard, end: false, everywhere: false },
  { to: paths.profile, key: 'nav.account', icon: IdCard, end: false, everywhere: false },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium sm:min-h-10',
    isActive ? 'bg-brand-subtle text-brand-text' : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
  );

/**
 * Layout of every authenticated page: header with Home, account selector, dark/light toggle and user
 * menu; a mobile menu with all four destinations ("Invoices & Billing", "Payment Methods", "Account
 * Information" appear in the top menu only on small screens; on wide screens the dashboard tiles lead there);
 * footer with support contact and legal links.
 */
export function PortalLayout() {
  const session = useSession();

  useEffect(() => {
    if (!session) clearPortalCache();
  }, [session]);

  // Logged out meanwhile (Log off, a 401, expiry, or another tab): leave at once.
  if (!session) return <Navigate to={paths.login} replace />;

  return (
    <PortalProviders session={session}>
      <LanguageSync />
      <IdleWarning />
      <PortalShell session={session} />
    </PortalProviders>
  );
}

function PortalShell({ session }: { session: Session }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { showSelector } = useCurrentAccount();

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <Link to={paths.home} className="-ml-1 inline-flex min-h-11 shrink-0 items-center rounded-lg px-1">
            <Logo className="[&>span:last-child]:sr-only sm:[&>span:last-child]:not-sr-only" />
          </Link>
          <nav aria-label={t('nav.label')} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {NAV_ITEMS.filter((item) => item.everywhere).map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={navLinkClass}>
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {/* Phones and tablets: the account selector shares the header's one line (docs/decisions/0015-screens-fit-a-phone.md: it took a second one);
              the full menu, selector and name take 924 px as staff. */}
          {showSelector && <AccountSelector compact className="min-w-0 flex-1 lg:hidden" />}
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <AccountSelector className="hidden max-w-72 lg:inline-flex" />
            {/* With the selector beside it on phones, the toggle moves into the menu to leave the name room. */}
            <ThemeToggle className={showSelector ? 'max-lg:hidden' : undefined} />
            <NotificationBell />
            <UserMenu session={session} />
            <button
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-2 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
              <span className="sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
            </button>
          </div>
        </div>
        <div id="mobile-menu" hidden={!menuOpen} className="border-t border-border px-3 pt-2 pb-4 lg:hidden">
          <nav aria-label={t('nav.label')}>
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={({ isActive }) => cn(navLinkClass({ isActive }), 'w-full')}>
                    <item.icon className="size-5" aria-hidden="true" />
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {showSelector && <ThemeToggle withLabel className="mt-1 w-full justify-start gap-2 px-3" />}
        </div>
      </header>

      <ActingForBanner />
      <ClosedAccountBanner />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8">
        <Outlet />
      </main>

      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-fg-muted sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="font-medium text-fg">{tc('needHelp')}</p>
            <SupportContact />
          </div>
          <nav aria-label={tc('legal')}>
            <LegalLinks />
          </nav>
          <p>{tc('rights', { year: new Date().getFullYear(), product: appConfig.productName })}</p>
        </div>
      </footer>
    </div>
  );
}

export { PortalLayout as Component };
