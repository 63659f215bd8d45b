import { LanguagesIcon } from '@/components/ui/icons';
import { useTranslation } from '@/lib/i18n/translate';
import { buttonClasses } from '@/components/ui/button';
import { changeLanguage, currentLanguage } from '@/lib/i18n/i18n';

/**
 * One-click switch to the other language, for the public pages (the portal has it in the user menu).
 * The button text is in the target language and marked with its `lang`, so screen readers pronounce it right.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const other = currentLanguage() === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      lang={other}
      className={buttonClasses({ variant: 'ghost', size: 'sm' })}
      onClick={() => void changeLanguage(other, { remember: true })}
      data-lang={i18n.language}
    >
      <LanguagesIcon className="size-4" aria-hidden="true" />
      {t(`languages.${other}`)}
    </button>
  );
}
