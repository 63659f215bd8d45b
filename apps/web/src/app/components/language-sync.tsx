import { useEffect } from 'react';
import { useAccountDetails } from '@/features/account';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import { changeLanguage, savedLanguage, uiLanguageFromPreference } from '@/lib/i18n/i18n';

/**
 * The UI follows the current account's language preference (English/French) unless the user picked a
 * language in the user menu on this browser, which wins. Renders nothing.
 */
export function LanguageSync() {
  const { accountId } = useCurrentAccount();
  const details = useAccountDetails(accountId);
  const preference = details.data?.account.language;
  useEffect(() => {
    if (preference && !savedLanguage()) void changeLanguage(uiLanguageFromPreference(preference));
  }, [preference]);
  return null;
}
