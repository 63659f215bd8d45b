import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** TwoFactor/totp/setup (POST): a new authenticator secret, not in force until confirmed; 409 when already on. */
export const startTotpSetup = () => api.call(endpoints.totpSetup);
