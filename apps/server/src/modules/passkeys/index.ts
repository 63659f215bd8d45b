/** Passkeys/* and Authenticate/passkey*: registering, listing, removing and signing in with passkeys. */
export { passkeyRoutes } from './routes';
export { recentPasskeys, relyingPartyOf, removeRecentPasskeys } from './service';
