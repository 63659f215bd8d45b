/**
 * Pure rules of the auth screens. This module is on the /login path, so it must not import the API client
 * (which brings the contract and zod): ApiError is recognised by its shape instead.
 */
const serverMessageOf = (error: unknown): string | undefined => {
  if (error && typeof error === 'object' && 'serverMessage' in error && typeof error.serverMessage === 'string') {
    return error.serverMessage || undefined;
  }
  return undefined;
};

/**
 * The spec's login failure text: the server's error text, else the exception's message, else "Login failed".
 * `fallback` is the translated "Login failed".
 */
export const loginFailureMessage = (
  outcome: { response?: { error: string | null } | null; error?: unknown },
  fallback: string,
): string => {
  const serverText = outcome.response?.error?.trim();
  if (serverText) return serverText;
  const { error } = outcome;
  const server = serverMessageOf(error);
  if (server) return server;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};

/** Outcome of the forgot-password form, as a message key or a literal text. */
export type ResetEmailOutcome =
  | { kind: 'success' }
  | { kind: 'error'; key: 'forgot.multipleUsers' | 'forgot.failed' | 'forgot.failedRetry' }
  | { kind: 'error'; text: string };

export const resetEmailOutcome = (username: string, result: { sent?: boolean; error?: unknown }): ResetEmailOutcome => {
  if (result.error !== undefined) {
    const { error } = result;
    const server = serverMessageOf(error);
    if (server) return { kind: 'error', text: server };
    if (error instanceof Error && error.message) return { kind: 'error', text: error.message };
    return { kind: 'error', key: 'forgot.failedRetry' };
  }
  if (result.sent) return { kind: 'success' };
  return { kind: 'error', key: username.includes('@') ? 'forgot.multipleUsers' : 'forgot.failed' };
};

/** Reads `name` from a URL hash like `#reset=abc&x=1` (values are URL-decoded). */
export const hashParam = (hash: string, name: string): string | null => {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(name);
  return value === null || value === '' ? null : value;
};

export interface LoginFields {
  username: string;
  password: string;
}

/** Username and Password are both required. Returns auth-catalog message keys per field. */
export const validateLogin = (fields: LoginFields): Partial<Record<keyof LoginFields, string>> => {
  const errors: Partial<Record<keyof LoginFields, string>> = {};
  if (!fields.username.trim()) errors.username = 'login.usernameRequired';
  if (!fields.password) errors.password = 'login.passwordRequired';
  return errors;
};

/**
 * Where sign-in lands (pure): the page named by `next` when it is a path of this origin (a deep link opened
 * signed out), else the home page. Off-origin, protocol-relative, scheme and /login itself are refused, so a
 * crafted link cannot send a fresh session elsewhere.
 */
export const returnPathAfterLogin = (next: string | null, origin: string): string => {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || url.pathname === '/login') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
};
