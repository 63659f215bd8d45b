import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { useTheme } from '@/lib/theme/theme';

/**
 * The portal header's dark/light toggle (spec §2). It flips what is shown now, saving an explicit choice;
 * "Use system setting" stays available in the theme menu of the public pages.
 */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { dark, setTheme } = useTheme();
  return (
    <button
      type="button"
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'min-w-11 px-2.5' })}
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon className="size-5" aria-hidden="true" /> : <MoonIcon className="size-5" aria-hidden="true" />}
      <span className="sr-only">{t('userMenu.darkMode')}</span>
    </button>
  );
}
