/**
 * Sessions: Authenticate/OneTimeLogin, Logout, confirm and Sessions/*, and what every way of signing in
 * shares: who a login names, the sign-in throttle and device cookie, starting a session, ending them, and
 * the security emails of changes to how a person signs in.
 */
export { sessionRoutes } from './routes';
export { auditLogin, issueSessionToken, loginFailed, loginSucceeded } from './service';
export { createSession, endUserSessions, type SignInClient } from './repository';
export { accountLanguageOfUser, findUserById, findUsersByLogin, markLoggedIn, everyAccountPastRetention, type UserRow } from './user-repository';
export { loginError, loginOutcome, resolveLogin, withAttemptsLeft, type LoginOutcome, type LoginTarget } from './login-rules';
export {
  enforceThrottle,
  lockedOutUntil,
  signInLockoutKeys,
  THROTTLE_RULES,
  throttleKeys,
  untrustedLoginChecks,
  type ThrottleCounter,
} from './throttle';
export { DEVICE_COOKIE, deviceCookieHeader, deviceCookieKey, issueDeviceCookie, readCookie, readDeviceCookie } from './device-cookie';
export { noStore, signInClient } from './route-helpers';
export { inLanguageOf } from './sign-in-texts';
export {
  originOfCaller,
  originOfRequest,
  prepareSecurityNotice,
  queueSecurityNotice,
  SECURITY_NOTICE_PURPOSE,
  type ChangeOrigin,
} from './security-notice';
export type { SecurityChange } from './security-email';
