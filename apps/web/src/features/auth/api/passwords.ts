import {
  BooleanResultSchema,
  BRAND_CODE,
  ResultResponseSchema,
  type ChangePasswordRequest,
  type ResultResponse,
  type SetFromResetTokenRequest,
} from '@portal/contract';
import { paths } from '@/config/paths';
import { authApi } from '@/lib/api/client';

/**
 * POST /a/v1/Password/ResetEmail {username, validateURL, brand} → true when the email went out (spec §7).
 * validateURL is this site's /reset-password; the emailed link appends `#reset=<token>`.
 */
export const sendResetEmail = (username: string): Promise<boolean> =>
  authApi.request({
    method: 'POST',
    path: '/v1/Password/ResetEmail',
    body: { username, validateURL: `${window.location.origin}${paths.resetPassword}`, brand: BRAND_CODE },
    schema: BooleanResultSchema,
  });

/** POST /a/v1/Password/SetFromResetToken {newPassword, resetToken} → {successful, error}. */
export const setPasswordFromResetToken = (body: SetFromResetTokenRequest): Promise<ResultResponse> =>
  authApi.request({ method: 'POST', path: '/v1/Password/SetFromResetToken', body, schema: ResultResponseSchema });

/** POST /a/v1/Password/Change {currentPassword, newPassword} → {successful, error} (decisions §3). */
export const changePassword = (body: ChangePasswordRequest): Promise<ResultResponse> =>
  authApi.request({ method: 'POST', path: '/v1/Password/Change', body, schema: ResultResponseSchema });
