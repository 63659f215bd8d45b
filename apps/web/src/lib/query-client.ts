import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api/client';

/**
 * Query keys carry bigint ids (e.g. `['invoice', 42n]`); the default hash (JSON.stringify) throws on bigint.
 * This hash writes bigints as `"<digits>n"` and sorts object keys, like TanStack's own, so
 * `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` are the same query.
 */
export const hashQueryKey = (queryKey: QueryKey): string =>
  JSON.stringify(queryKey, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return value;
  });

export const MAX_RETRIES = 2;

/**
 * Retry network failures and 5xx answers (up to 2 more times), never 4xx: a 400/403/404 will not change
 * by asking again, and a 401 has already ended the session.
 */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  // Schema mismatches (zod) are bugs, not transient failures.
  if (error instanceof Error && error.name === 'ZodError') return false;
  return failureCount < MAX_RETRIES;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryKeyHashFn: hashQueryKey,
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });

/** The portal's single client; tests create their own with `createQueryClient()`. */
export const queryClient = createQueryClient();
