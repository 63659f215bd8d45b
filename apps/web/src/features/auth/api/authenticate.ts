import { LoginResponseSchema, type LoginRequest, type LoginResponse } from '@portal/contract';
import { authApi } from '@/lib/api/client';

/** POST /a/v1/Authenticate {username, password} → {successful, token, error}. */
export const authenticate = (body: LoginRequest): Promise<LoginResponse> =>
  authApi.request({ method: 'POST', path: '/v1/Authenticate', body, schema: LoginResponseSchema });

/** POST /a/v1/Authenticate/OneTimeLogin {token} → login response (decisions §5: single use, short lived). */
export const oneTimeLogin = (token: string): Promise<LoginResponse> =>
  authApi.request({ method: 'POST', path: '/v1/Authenticate/OneTimeLogin', body: { token }, schema: LoginResponseSchema });
