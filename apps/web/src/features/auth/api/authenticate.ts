import { endpoints, type LoginRequest, type LoginResponse } from '@portal/contract';
import { api } from '@/lib/api/client';

/** Authenticate {username, password} → {successful, token, error}. */
export const authenticate = (body: LoginRequest): Promise<LoginResponse> => api.call(endpoints.authenticate, { body });

/** Authenticate/OneTimeLogin {token} → login response (docs/decisions/0006-where-the-spec-is-wrong.md: single use, short lived). */
export const oneTimeLogin = (token: string): Promise<LoginResponse> => api.call(endpoints.oneTimeLogin, { body: { token } });
