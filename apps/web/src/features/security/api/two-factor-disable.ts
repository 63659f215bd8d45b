import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** TwoFactor/disable (POST): turns two-factor sign-in off with a current code or a recovery code. */
export const disableTwoFactor = (code: string) => api.call(endpoints.twoFactorDisable, { body: { code } });
