import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import type { PortalDb } from '../src/db/client';
import { auditLog } from '../src/db/schema';

/** Calls of the auth service, as the web app makes them. */
export const authCalls = (app: App) => ({
  login: (username: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/a/v1/Authenticate', payload: { username, password }, remoteAddress }),
  oneTimeLogin: (token: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/a/v1/Authenticate/OneTimeLogin', payload: { token }, remoteAddress }),
  resetEmail: (username: string, validateURL: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/a/v1/Password/ResetEmail',
      payload: { username, validateURL, brand: 'portal' },
      remoteAddress,
    }),
  setFromResetToken: (resetToken: string, newPassword: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/a/v1/Password/SetFromResetToken', payload: { resetToken, newPassword }, remoteAddress }),
  changePassword: (token: string | null, currentPassword: string, newPassword: string) =>
    app.inject({
      method: 'POST',
      url: '/a/v1/Password/Change',
      payload: { currentPassword, newPassword },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
});

/** Verifies a session token against the JWKS the app publishes, as billing (or anyone) would. */
export const verifySessionToken = async (
  app: App,
  token: string,
  now = new Date(),
): Promise<{ payload: JWTPayload; kid: string | undefined }> => {
  const jwks = createLocalJWKSet((await app.inject('/a/.well-known/jwks.json')).json());
  const { payload, protectedHeader } = await jwtVerify(token, jwks, { currentDate: now, audience: 'billing' });
  return { payload, kid: protectedHeader.kid };
};

/** The newest audit entries of an action for a user (or of anonymous entries when userId is null). */
export const auditEntries = (db: PortalDb, action: string, entityId?: bigint) =>
  db
    .select()
    .from(auditLog)
    .where(
      entityId === undefined
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))),
    )
    .orderBy(desc(auditLog.id));
