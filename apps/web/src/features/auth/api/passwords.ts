import {
  BRAND_CODE,
  endpoints,
  isRecentPasskey,
  type ChangePasswordRequest,
  type ResetTokenCheck,
  type ResultResponse,
  type SetFromResetTokenRequest,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { api } from '@/lib/api/client';

/**
 * Password/ResetEmail {username, validateURL, brand} → true when the email went out.
 * validateURL is this site's /reset-password; the emailed link appends `#reset=<token>`.
 */
export const sendResetEmail = (username: string): Promise<boolean> =>
  api.call(endpoints.resetEmail, {
    body: { username, validateURL: `${window.location.origin}${paths.resetPassword}`, brand: BRAND_CODE },
  });

/** Password/SetFromResetToken {newPassword, resetToken} → {successful, error}. */
export const setPasswordFromResetToken = (body: SetFromResetTokenRequest): Promise<ResultResponse> =>
  api.call(endpoints.setFromResetToken, { body });

/**
 * Password/CheckResetToken {resetToken} → {successful, error, recentPasskeys}: whether the link still works
 * (nothing is spent) and the passkeys added in the last 24 hours, which the reset may remove.
 */
export const checkResetToken = (resetToken: string): Promise<ResetTokenCheck> => api.call(endpoints.checkResetToken, { body: { resetToken } });

/** The signed-in person's passkeys added in the last 24 hours (the password change offers to remove them). */
export const recentPasskeysQuery = () =>
  queryOptions({
    // Under the Security screen's key, so a change there is seen here too.
    queryKey: ['passkeys'],
    queryFn: ({ signal }) => api.call(endpoints.passkeys, { signal }).then((answer) => answer.value),
    select: (passkeys) => passkeys.filter((passkey) => isRecentPasskey(passkey.createdAt, new Date())),
  });

/** Password/Change {currentPassword, newPassword} → {successful, error} (docs/decisions/0003-contract-rules.md). */
export const changePassword = (body: ChangePasswordRequest): Promise<ResultResponse> =>
  api.call(endpoints.changePassword, { body });
