/** Tokens: the auth service's public keys (JWKS), the session tokens it signs, and single-use tokens (reset links, one-time logins). */
export { tokenRoutes } from './routes';
export { signSessionToken } from './session-token';
export { expiresAfter, generateOpaqueToken, hashOpaqueToken, isWellFormedToken } from './opaque-token';
export { consumeToken, findUsableTokenOwner, insertToken, invalidateTokens, replaceToken } from './repository';
