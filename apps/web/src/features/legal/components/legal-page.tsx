import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { SupportContact } from '@/components/support-contact';
import { Logo } from '@/components/ui/logo';
import { appConfig } from '@/config/app';
import { paths } from '@/config/paths';
import { isUiLanguage, type UiLanguage } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import type { LegalDocument } from '../content/types';

export type LegalLoaders = Record<UiLanguage, () => Promise<LegalDocument>>;

const fill = (text: string): string =>
  text
    .replaceAll('{product}', appConfig.productName)
    .replaceAll('{phone}', appConfig.supportPhone)
    .replaceAll('{email}', appConfig.supportEmail);

const sectionId = (index: number) => `section-${index + 1}`;

/**
 * A legal document page. Standalone (no portal chrome): it opens in a new tab from the footer, readable
 * signed in or not, and prints cleanly. Switching language loads that language's document.
 */
export function LegalPage({ loaders, initial }: { loaders: LegalLoaders; initial: LegalDocument }) {
  const { t, i18n } = useTranslation('legal');
  const [doc, setDoc] = useState(initial);
  const language = isUiLanguage(i18n.language) ? i18n.language : 'en';
  usePageTitle(doc.title);

  useEffect(() => {
    let live = true;
    void loaders[language]().then((next) => live && setDoc(next));
    return () => {
      live = false;
    };
  }, [language, loaders]);

  return (
    <div className="min-h-dvh bg-page">
      <header className="border-b border-border bg-surface print:hidden">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <Link to={paths.home} className="rounded-lg">
            <Logo />
          </Link>
          <Link to={paths.home} className="text-sm text-link">
            {t('backHome')}
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-10 outline-none sm:px-6">
        <article className="rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-10 print:border-0 print:shadow-none">
          <h1 className="text-3xl font-semibold tracking-tight">{doc.title}</h1>
          <p className="mt-2 text-sm text-fg-muted">{t('lastUpdated', { date: formatDate(doc.updated, 'long', language) })}</p>
          <p className="mt-6 leading-relaxed">{fill(doc.intro)}</p>
          <nav aria-labelledby="legal-contents" className="mt-8 rounded-xl bg-surface-2 p-5 print:hidden">
            <h2 id="legal-contents" className="text-sm font-semibold">
              {t('contents')}
            </h2>
            <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
              {doc.sections.map((section, index) => (
                <li key={section.heading}>
                  <a href={`#${sectionId(index)}`} className="text-link">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {doc.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={sectionId(index)} className="mt-8">
              <h2 id={sectionId(index)} className="scroll-mt-6 text-xl font-semibold">
                {section.heading}
              </h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed">
                  {fill(paragraph)}
                </p>
              ))}
              {section.bullets && (
                <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
                  {section.bullets.map((bullet) => (
                    <li key={bullet}>{fill(bullet)}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
        <footer className="mt-8 text-center text-sm text-fg-muted">
          <p className="font-medium text-fg">{t('questions')}</p>
          <SupportContact />
        </footer>
      </main>
    </div>
  );
}
