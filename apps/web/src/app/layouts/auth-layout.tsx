import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Logo } from '@/components/ui/logo';
import { appConfig } from '@/config/app';
import { AuthBackground } from '../components/auth-background';
import { LanguageToggle } from '../components/language-toggle';
import { LegalLinks } from '@/components/legal-links';
import { SupportContact } from '@/components/support-contact';
import { clearSignOutReason, readSignOutReason } from '@/lib/session/sign-out-reason';
import { ThemeMenu } from '../components/theme-menu';

/**
 * Layout of the public sign-in pages: background image, logo, theme menu, and a centred
 * card that holds the page. Pages render their own <h1> inside the card. Above the page, once: why the
 * person was signed out (a period without activity, a session ended from elsewhere).
 */
export function AuthLayout() {
  const { t } = useTranslation();
  const [signOutReason] = useState(readSignOutReason);
  useEffect(clearSignOutReason, []);
  return (
    <div className="relative flex min-h-dvh flex-col">
      <AuthBackground />
      <header className="relative z-20 flex items-center justify-end gap-1 px-3 py-3 sm:px-6">
        <LanguageToggle />
        <ThemeMenu />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="relative z-10 flex flex-1 flex-col items-center justify-center px-4 pb-10 outline-none"
      >
        <div className="mb-6">
          <Logo />
        </div>
        {/* Opaque: at 95 % the blurred backdrop showed next to nothing, and a backdrop blur is slow to paint without a GPU. */}
        <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-xl sm:p-8">
          {signOutReason && (
            <Banner tone="info" className="mb-5">
              {signOutReason}
            </Banner>
          )}
          <Outlet />
        </div>
      </main>
      <footer className="relative z-10 flex flex-col items-center gap-2 px-4 pb-6 text-center text-sm text-fg-muted">
        <SupportContact />
        <nav aria-label={t('legal')}>
          <LegalLinks className="justify-center" />
        </nav>
        <p>{t('rights', { year: new Date().getFullYear(), product: appConfig.productName })}</p>
      </footer>
    </div>
  );
}

export { AuthLayout as Component };
