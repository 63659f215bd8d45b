import { useTranslation } from '@/lib/i18n/translate';

/** First focusable element of every page: jumps over the header to <main id="main"> (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[100] rounded-lg bg-brand px-4 py-3 font-medium text-brand-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('skipToContent')}
    </a>
  );
}
