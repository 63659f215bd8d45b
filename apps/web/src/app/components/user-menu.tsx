import { ChevronDown, IdCard, KeyRound, LogOut, MessageSquareWarning, ShieldCheck, UserCheck, Webhook, Workflow, UserRound } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { buttonClasses } from '@/components/ui/button';
import { LanguagesIcon } from '@/components/ui/icons';
import { Menu, type MenuEntry } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { changeLanguage, currentLanguage, UI_LANGUAGES } from '@/lib/i18n/i18n';
import type { Session } from '@/lib/session/session';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/**
 * User menu: Account Information (/profile), Change Password (/password), Log off (/logout); ours
 * too: User Details, Security (sessions), the language switch, "Users", "API clients" and "Webhooks" for Admin and "Disputes" for Staff and Admin.
 */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const entries: MenuEntry[] = [
    {
      kind: 'label',
      label: (
        <>
          <span className="block font-normal">{t('userMenu.signedInAs')}</span>
          <span className="block truncate text-sm font-semibold text-fg">{session.name}</span>
        </>
      ),
    },
    { kind: 'separator' },
    { kind: 'link', to: paths.profile, label: t('userMenu.accountInformation'), icon: <IdCard aria-hidden="true" /> },
    { kind: 'link', to: paths.userDetails, label: t('userMenu.userDetails'), icon: <UserRound aria-hidden="true" /> },
    { kind: 'link', to: paths.password, label: t('userMenu.changePassword'), icon: <KeyRound aria-hidden="true" /> },
    { kind: 'link', to: paths.security, label: t('userMenu.security'), icon: <ShieldCheck aria-hidden="true" /> },
    ...(session.isAdmin
      ? [
          {
            kind: 'link' as const,
            to: paths.adminUsers,
            label: t('userMenu.users'),
            icon: <UserCheck aria-hidden="true" />,
          },
          {
            kind: 'link' as const,
            to: paths.adminApiClients,
            label: t('userMenu.apiClients'),
            icon: <Workflow aria-hidden="true" />,
          },
          {
            kind: 'link' as const,
            to: paths.adminWebhooks,
            label: t('userMenu.webhooks'),
            icon: <Webhook aria-hidden="true" />,
          },
        ]
      : []),
    ...(session.isStaff
      ? [
          {
            kind: 'link' as const,
            to: paths.adminDisputes,
            label: t('userMenu.disputes'),
            icon: <MessageSquareWarning aria-hidden="true" />,
          },
        ]
      : []),
    { kind: 'separator' },
    {
      kind: 'label',
      label: (
        <span className="flex items-center gap-2">
          <LanguagesIcon className="size-4" />
          {t('userMenu.language')}
        </span>
      ),
    },
    ...UI_LANGUAGES.map((lng) => ({
      kind: 'radio' as const,
      checked: language === lng,
      lang: lng,
      label: tc(`languages.${lng}`),
      onSelect: () => void changeLanguage(lng, { remember: true }),
    })),
    { kind: 'separator' },
    { kind: 'link', to: paths.logout, label: t('userMenu.logOff'), icon: <LogOut aria-hidden="true" /> },
  ];
  return (
    <Menu
      label={t('userMenu.trigger')}
      triggerClassName={buttonClasses({ variant: 'ghost', size: 'sm', className: 'gap-2 px-2' })}
      trigger={
        <>
          <span
            aria-hidden="true"
            className="inline-flex size-8 items-center justify-center rounded-full bg-brand-subtle text-xs font-bold text-brand-text"
          >
            {initials(session.name)}
          </span>
          <span className="hidden max-w-40 truncate md:inline">{session.name}</span>
          <span className="sr-only md:hidden">{session.name}</span>
          <span className="sr-only">, {t('userMenu.trigger')}</span>
          {/* On phones the avatar alone (the header keeps one line, docs/decisions/0015-screens-fit-a-phone.md). */}
          <ChevronDown className="hidden size-4 text-fg-muted sm:block" aria-hidden="true" />
        </>
      }
      entries={entries}
    />
  );
}
