import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** TwoFactor/totp/enable (POST): confirms set-up with a current code; answers the 10 recovery codes. */
export const enableTotp = (code: string) => api.call(endpoints.totpEnable, { body: { code } });

/** TwoFactor/recovery-codes (POST): 10 new recovery codes in place of the old ones; 409 when two-factor is off. */
export const renewRecoveryCodes = () => api.call(endpoints.regenerateRecoveryCodes);
