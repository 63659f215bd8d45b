import { ApiError } from './client';

/**
 * The service's own explanation of a failed call (its `{ error }` text), or the fallback. Only the service's
 * text is shown: other errors (network, schema) carry messages meant for developers, which go to the console.
 */
export const serverTextOr = (error: unknown, fallback: string): string =>
  (error instanceof ApiError ? error.serverMessage : undefined) ?? fallback;
