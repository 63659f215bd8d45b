/**
 * Passkeys (WebAuthn) on @simplewebauthn/server: registering one while signed in,
 * signing in with one, the list and removal. Challenges live in PostgreSQL, so any instance can
 * finish a ceremony another started; each is taken (deleted) by the verification that uses it and is
 * good for five minutes. A passkey sign-in requires user verification (a PIN or biometric on the
 * authenticator), so it proves both factors and skips the authenticator-app code.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AUTH_MESSAGES, PASSKEY_MESSAGES, RECENT_PASSKEY_HOURS, type LoginResponse, type PasskeySummary } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { passkeys, webauthnChallenges } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { deviceName } from '../../lib/device-name';
import type { Deps } from '../../http/deps';
import { loginError, loginOutcome, findUserById, markLoggedIn, everyAccountPastRetention, type UserRow, issueSessionToken, type SignInClient } from '../sessions';

/** How long a ceremony may take: the browser's timeout, and the life of its challenge (a little longer). */
const CEREMONY_MS = 2 * 60_000;
const CHALLENGE_MS = 5 * 60_000;
/** EdDSA, ES256, RS256: what platform authenticators and security keys use. */
const ALGORITHMS = [-8, -7, -257];

// Loaded at the first passkey ceremony, not at start-up: the library and its certificate parsers hold
// about 7 MB of heap that an instance where nobody uses a passkey never needs.
const webauthn = () => import('@simplewebauthn/server');

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * The relying party of `PUBLIC_ORIGIN`: its host is the id, the origin is what browsers sign. Browsers
 * refuse an IP address as an id, so a loopback address (a local run) is served as `localhost`, which
 * reaches the same server (pure).
 */
export const relyingPartyOf = (publicOrigin: string): RelyingParty => {
  const url = new URL(publicOrigin);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: url.hostname };
};

/**
 * The WebAuthn user handle of a person: 32 opaque bytes derived from their id under the secrets key,
 * so authenticators never hold an id, a name or an email address of ours.
 */
export const userHandleOf = (secretsKey: Buffer, userId: bigint): Buffer =>
  createHmac('sha256', secretsKey).update(`webauthn-user-handle:${userId}`).digest();

type Purpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

const saveChallenge = async (db: PortalDb, challenge: string, purpose: Purpose, userId: bigint | null, now: Date) => {
  // Unused challenges are clutter only: whoever starts a ceremony sweeps the expired ones.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_MS), createdAt: now });
};

/** Takes a live challenge of this purpose (and person): true once, false for an unknown, used or expired one. */
const takeChallenge = async (
  db: PortalDb,
  challenge: string,
  purpose: Purpose,
  userId: bigint | null,
  now: Date,
): Promise<boolean> => {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length > 0;
};

type PasskeyRow = typeof passkeys.$inferSelect;

const present = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** `Passkeys/registration-options`: what the browser needs to create a passkey for this person. */
export const startPasskeyRegistration = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  user: UserRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  const rp = relyingPartyOf(deps.config.PUBLIC_ORIGIN);
  const existing = await deps.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.name,
    userID: new Uint8Array(userHandleOf(deps.config.SECRETS_KEY, user.id)),
    challenge: randomBytes(32),
    timeout: CEREMONY_MS,
    attestationType: 'none',
    // An authenticator that already holds one of the person's passkeys is not offered again.
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await saveChallenge(deps.db, options.challenge, 'registration', user.id, deps.clock.now());
  return options;
};

export type RegistrationOutcome = { kind: 'saved'; passkey: PasskeySummary } | { kind: 'failed' } | { kind: 'duplicate' };

/** `Passkeys` (POST): verifies the new credential against the person's own challenge and saves it. */
export const registerPasskey = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>,
  userId: bigint,
  response: RegistrationResponseJSON,
  client: SignInClient,
): Promise<RegistrationOutcome> => {
  const rp = relyingPartyOf(deps.config.PUBLIC_ORIGIN);
  const now = deps.clock.now();
  let info;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(deps.db, challenge, 'registration', userId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verification.verified) return { kind: 'failed' };
    info = verification.registrationInfo;
  } catch (error) {
    deps.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'passkey registration refused');
    return { kind: 'failed' };
  }
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      userId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      name: deviceName(client.userAgent),
      backedUp: info.credentialBackedUp,
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row ? { kind: 'saved', passkey: present(row) } : { kind: 'duplicate' };
};

/** `Passkeys` (GET): the person's passkeys, newest first. */
export const listPasskeys = async (db: PortalDb, userId: bigint): Promise<PasskeySummary[]> =>
  (await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt), desc(passkeys.id))).map(
    present,
  );

/** Removes one of the person's passkeys; null when there is none of theirs with that id. */
export const removePasskey = async (db: PortalDb, userId: bigint, id: bigint): Promise<PasskeySummary | null> => {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ? present(row) : null;
};

const recentSince = (now: Date) => new Date(now.getTime() - RECENT_PASSKEY_HOURS * 3_600_000);

/** The person's passkeys registered in the last 24 hours, newest first. */
export const recentPasskeys = async (db: PortalDb, userId: bigint, now: Date): Promise<PasskeySummary[]> =>
  (
    await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.userId, userId), gte(passkeys.createdAt, recentSince(now))))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id))
  ).map(present);

/** Removes the person's passkeys registered in the last 24 hours; answers those removed. */
export const removeRecentPasskeys = async (db: PortalDb, userId: bigint, now: Date): Promise<PasskeySummary[]> =>
  (await db.delete(passkeys).where(and(eq(passkeys.userId, userId), gte(passkeys.createdAt, recentSince(now)))).returning()).map(present);

/** `Authenticate/passkey-options`: a challenge for any passkey of this site (the person picks theirs). */
export const startPasskeyLogin = async (deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const rp = relyingPartyOf(deps.config.PUBLIC_ORIGIN);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: randomBytes(32),
    timeout: CEREMONY_MS,
    userVerification: 'required',
  });
  await saveChallenge(deps.db, options.challenge, 'authentication', null, deps.clock.now());
  return options;
};

const failed = (error: string): LoginResponse => ({ successful: false, token: null, error });

const auditLogin = (deps: Pick<Deps, 'db'>, userId: bigint | null, details: { outcome: string; ip: string; passkeyId?: bigint }) =>
  recordAudit(deps.db, {
    actorUserId: userId,
    accountId: null,
    action: 'auth.login',
    entity: 'user',
    entityId: userId,
    details: { method: 'passkey', ...details },
  });

/**
 * Checks a passkey's signature over a live challenge of `purpose` (and person), for this site, with user
 * verification; the challenge is spent, and the passkey's counter and last use are updated. Answers why not.
 */
const verifyAssertion = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>,
  passkey: PasskeyRow,
  response: AuthenticationResponseJSON,
  purpose: 'authentication' | 'confirmation',
  challengeUserId: bigint | null,
): Promise<{ ok: true } | { ok: false; reason: string }> => {
  const rp = relyingPartyOf(deps.config.PUBLIC_ORIGIN);
  const now = deps.clock.now();
  let newCounter: number;
  try {
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== userHandleOf(deps.config.SECRETS_KEY, passkey.userId).toString('base64url'))
      throw new Error('user handle does not match');
    const { verifyAuthenticationResponse } = await webauthn();
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(deps.db, challenge, purpose, challengeUserId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw new Error('not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.info({ reason, purpose }, 'passkey assertion refused');
    return { ok: false, reason };
  }
  await deps.db.update(passkeys).set({ counter: newCounter, lastUsedAt: now }).where(eq(passkeys.id, passkey.id));
  return { ok: true };
};

/**
 * `Authenticate/passkey`: the signed challenge of a registered passkey signs its owner in, as a password
 * (and code) would: the same session, token and audit entry. Answers the user too, for the device cookie.
 */
export const loginWithPasskey = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'keyStore'>,
  response: AuthenticationResponseJSON,
  client: SignInClient,
): Promise<{ result: LoginResponse; user: UserRow | null }> => {
  const [passkey] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!passkey) {
    await auditLogin(deps, null, { outcome: 'unknown_passkey', ip: client.ip });
    return { result: failed(PASSKEY_MESSAGES.signInFailed), user: null };
  }
  if (!(await verifyAssertion(deps, passkey, response, 'authentication', null)).ok) {
    await auditLogin(deps, passkey.userId, { outcome: 'invalid_passkey', ip: client.ip, passkeyId: passkey.id });
    return { result: failed(PASSKEY_MESSAGES.signInFailed), user: null };
  }
  const user = await findUserById(deps.db, passkey.userId);
  // A disabled (or not yet approved) person's passkey proves who they are, and signs nobody in.
  const outcome = loginOutcome(user, true, user !== null && (await everyAccountPastRetention(deps.db, user.id)));
  await auditLogin(deps, passkey.userId, { outcome, ip: client.ip, passkeyId: passkey.id });
  if (outcome !== 'success' || !user)
    return { result: failed(loginError(outcome) ?? AUTH_MESSAGES.invalidCredentials), user: null };
  const now = deps.clock.now();
  await markLoggedIn(deps.db, user.id, now);
  return { result: { successful: true, token: await issueSessionToken(deps, user, client), error: null }, user };
};

/**
 * `Authenticate/confirm/passkey-options`: a challenge for the signed-in person's own passkeys, to prove again
 * who they are before a sensitive change (instead of the password); null when they have none.
 */
export const startPasskeyConfirmation = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: bigint,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> => {
  const own = await deps.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (own.length === 0) return null;
  const rp = relyingPartyOf(deps.config.PUBLIC_ORIGIN);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: randomBytes(32),
    timeout: CEREMONY_MS,
    userVerification: 'required',
    allowCredentials: own,
  });
  await saveChallenge(deps.db, options.challenge, 'confirmation', userId, deps.clock.now());
  return options;
};

/** `Authenticate/confirm/passkey`: whether one of the person's own passkeys signed their confirmation challenge. */
export const confirmWithPasskey = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>,
  userId: bigint,
  response: AuthenticationResponseJSON,
): Promise<boolean> => {
  const [passkey] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, userId)));
  return passkey ? (await verifyAssertion(deps, passkey, response, 'confirmation', userId)).ok : false;
};
