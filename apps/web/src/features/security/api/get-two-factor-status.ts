import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** TwoFactor (GET): whether the person's two-factor sign-in is on. */
export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: ['two-factor'], queryFn: ({ signal }) => api.call(endpoints.twoFactorStatus, { signal }).then((answer) => answer.totp) });
