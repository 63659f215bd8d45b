import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { useTranslation } from '@/lib/i18n/translate';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useTheme } from '@/lib/theme/theme';

/**
 * The portal header's dark/light toggle. It flips what is shown now, saving an explicit choice;
 * "Use system setting" stays available in the theme menu of the public pages. `withLabel` shows its name (in the
 * phone menu, where it goes when the account selector needs the header's room).
 */
export function ThemeToggle({ withLabel = false, className }: { withLabel?: boolean; className?: string }) {
  const { t } = useTranslation('shell');
  const { dark, setTheme } = useTheme();
  return (
    <button
      type="button"
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: cn('min-w-11 px-2.5', className) })}
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon className="size-5" aria-hidden="true" /> : <MoonIcon className="size-5" aria-hidden="true" />}
      <span className={withLabel ? undefined : 'sr-only'}>{t('userMenu.darkMode')}</span>
    </button>
  );
}
