import { useTranslation } from '@/lib/i18n/translate';
import { accountDisplayName, useAccountDetails } from '@/features/account';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import type { Session } from '@/lib/session/session';
import { useSession } from '@/lib/session/session-store';

/**
 * The role Staff or Admin act in while they look at an account that is not one of their own (their
 * `ac:` scopes), or null: customers, and staff on their own accounts, see no banner.
 */
export const actingRole = (session: Pick<Session, 'isStaff' | 'isAdmin' | 'accounts'> | null, accountId: bigint | null): 'Admin' | 'Staff' | null => {
  if (!session?.isStaff || accountId === null || session.accounts.includes(accountId)) return null;
  return session.isAdmin ? 'Admin' : 'Staff';
};

/** "Viewing account {number} as {role}" with the account's name, on every screen, so staff never forget whose account they change. */
export function ActingForBanner() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const { accountId } = useCurrentAccount();
  const role = actingRole(session, accountId);
  const details = useAccountDetails(role ? accountId : null);
  const account = details.data?.account;
  if (!role || !account) return null;
  return (
    <div role="note" className="border-b border-warning-text/30 bg-warning-subtle px-4 py-2 text-center text-sm font-medium text-warning-text">
      {t('actingFor.text', { number: account.customerNo, role: t(`actingFor.roles.${role}`) })}
      <span className="font-normal"> · {accountDisplayName(account)}</span>
    </div>
  );
}
