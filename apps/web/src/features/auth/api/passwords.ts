import {
  BRAND_CODE,
  endpoints,
  type ChangePasswordRequest,
  type ResultResponse,
  type SetFromResetTokenRequest,
} from '@portal/contract';
import { paths } from '@/config/paths';
import { api } from '@/lib/api/client';

/**
 * Password/ResetEmail {username, validateURL, brand} → true when the email went out (spec §7).
 * validateURL is this site's /reset-password; the emailed link appends `#reset=<token>`.
 */
export const sendResetEmail = (username: string): Promise<boolean> =>
  api.call(endpoints.resetEmail, {
    body: { username, validateURL: `${window.location.origin}${paths.resetPassword}`, brand: BRAND_CODE },
  });

/** Password/SetFromResetToken {newPassword, resetToken} → {successful, error}. */
export const setPasswordFromResetToken = (body: SetFromResetTokenRequest): Promise<ResultResponse> =>
  api.call(endpoints.setFromResetToken, { body });

/** Password/CheckResetToken {resetToken} → {successful, error}: whether the link still works (nothing is spent). */
export const checkResetToken = (resetToken: string): Promise<ResultResponse> => api.call(endpoints.checkResetToken, { body: { resetToken } });

/** Password/Change {currentPassword, newPassword} → {successful, error} (decisions §3). */
export const changePassword = (body: ChangePasswordRequest): Promise<ResultResponse> =>
  api.call(endpoints.changePassword, { body });
