import { ROLES, type Role, type UserSummary } from '@portal/contract';
import type { UserWithAccounts } from './repository';

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/** A user as the approval screen shows it; never the password hash. */
export const toUserSummary = (user: UserWithAccounts, lockedOutUntil: Date | null): UserSummary => ({
  id: user.id,
  username: user.username,
  email: user.email,
  name: user.name,
  status: user.status,
  roles: user.roles.filter(isRole),
  accounts: user.accounts,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: user.createdAt.toISOString(),
  lockedOutUntil: lockedOutUntil?.toISOString() ?? null,
});
