/** Account scopes of session tokens; zod-free, so the sign-in path can import them cheaply. */

/** Scope naming an account the user may use: `ac:{id}`. */
export const ACCOUNT_SCOPE_PREFIX = 'ac:';
export const accountScope = (accountId: bigint): string => `${ACCOUNT_SCOPE_PREFIX}${accountId}`;
export const accountIdsFromScopes = (scopes: readonly string[]): bigint[] =>
  scopes.filter((s) => /^ac:\d{1,19}$/.test(s)).map((s) => BigInt(s.slice(ACCOUNT_SCOPE_PREFIX.length)));
