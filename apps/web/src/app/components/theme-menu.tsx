import { useTranslation } from '@/lib/i18n/translate';
import { buttonClasses } from '@/components/ui/button';
import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import { Menu } from '@/components/ui/menu';
import { useTheme, type Theme } from '@/lib/theme/theme';

/** Three-way theme menu of the public pages: Light mode, Use system setting, Dark mode. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { theme, dark, setTheme } = useTheme();
  const Icon = theme === 'system' ? MonitorIcon : dark ? MoonIcon : SunIcon;
  const option = (value: Theme, label: string, icon: React.ReactNode) => ({
    kind: 'radio' as const,
    checked: theme === value,
    onSelect: () => setTheme(value),
    label,
    icon,
  });
  return (
    <Menu
      label={t('theme.menu')}
      labelTrigger
      trigger={<Icon className="size-5" />}
      triggerClassName={buttonClasses({ variant: 'ghost', size: 'sm', className: 'min-w-11 px-2.5' })}
      entries={[
        option('light', t('theme.light'), <SunIcon />),
        option('system', t('theme.system'), <MonitorIcon />),
        option('dark', t('theme.dark'), <MoonIcon />),
      ]}
    />
  );
}
