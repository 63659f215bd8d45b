import { SignJWT } from 'jose';
import { accountScope, TOKEN_AUDIENCES } from '@portal/contract';
import { SIGNING_ALGORITHM, type SigningKeys } from '../../lib/signing-keys';

export interface SessionSubject {
  userId: bigint;
  sessionId: string;
  name: string;
  roles: string[];
  accountIds: bigint[];
  /** The server's idle timeout, so the web warns a minute before it (SESSION_IDLE_MINUTES). */
  idleMinutes: number;
}

/** The spec's session JWT: roles, `ac:{id}` scopes, audiences, name, sub, exp, and its session (`sid`). */
export const signSessionToken = (
  keys: SigningKeys,
  subject: SessionSubject,
  options: { issuer: string; ttlMinutes: number; now: Date },
): Promise<string> => {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({
    name: subject.name,
    roles: subject.roles,
    scopes: subject.accountIds.map(accountScope),
    sid: subject.sessionId,
    idleMinutes: subject.idleMinutes,
  })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setIssuer(options.issuer)
    .setAudience([...TOKEN_AUDIENCES])
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlMinutes * 60)
    .sign(keys.current.privateKey);
};
