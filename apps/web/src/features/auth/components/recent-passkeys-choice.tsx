import { useTranslation } from '@/lib/i18n/translate';
import { Checkbox } from '@/components/ui/field';
import { formatDateTime } from '@/lib/format';
import { isUiLanguage } from '@/lib/i18n/i18n';

export interface RecentPasskey {
  name: string;
  createdAt: string;
}

export interface RecentPasskeysChoiceProps {
  passkeys: RecentPasskey[];
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Offered with a new password: the passkeys added in the last 24 hours, and a choice to remove them with the
 * change. Someone who had the password or a signed-in device may have added one, and it would outlive the change.
 */
export function RecentPasskeysChoice({ passkeys, checked, onChange }: RecentPasskeysChoiceProps) {
  const { t, i18n } = useTranslation('password');
  const language = isUiLanguage(i18n.language) ? i18n.language : 'en';
  if (passkeys.length === 0) return null;
  return (
    <fieldset className="rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t('recent.title', { count: passkeys.length })}</legend>
      <ul className="mb-3 list-disc pl-5 text-sm">
        {passkeys.map((passkey) => (
          <li key={`${passkey.name}-${passkey.createdAt}`}>
            {t('recent.item', { name: passkey.name })}{' '}
            <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt, language)}</time>
          </li>
        ))}
      </ul>
      <Checkbox
        name="removeRecentPasskeys"
        label={t('recent.remove', { count: passkeys.length })}
        hint={t('recent.hint')}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </fieldset>
  );
}
