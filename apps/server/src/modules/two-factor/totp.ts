/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s steps, what
 * every app reads). Secrets are sealed at rest; a code is accepted once (the step it was for is
 * kept), one step either side of now to allow for clock drift; 10 recovery codes, stored hashed,
 * each work once.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { PortalDb } from '../../db/client';
import { recoveryCodes, userTotp } from '../../db/schema';
import { createSecretBox, type SealedSecret, type SecretBox } from '../../lib/secret-box';

/** The secret box context of authenticator secrets. */
export const TOTP_CONTEXT = 'totp-secret';

/** Seals authenticator secrets at rest under the secrets key. */
export const totpSecretsOf = (secretsKey: Buffer): SecretBox => createSecretBox(secretsKey, TOTP_CONTEXT);
const STEP_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

const totpFor = (secretBase32: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: STEP_SECONDS, secret: Secret.fromBase32(secretBase32) });

/** The step a 6-digit code was made for (now ± one step), or null for a wrong code (pure). */
export const matchingStep = (secretBase32: string, code: string, now: Date): bigint | null => {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : BigInt(Math.floor(now.getTime() / 1000 / STEP_SECONDS) + delta);
};

/** Letters and digits people cannot misread on paper: no i, l, 1, o or 0. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: `abcde-23456`, each character drawn evenly from the alphabet. */
export const newRecoveryCode = (): string => {
  const text = Array.from({ length: 10 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};
const hashRecoveryCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

/** Starts (or restarts) set-up: a fresh pending secret. Answers it as text and as an otpauth:// URL. */
export const startTotpSetup = async (
  db: PortalDb,
  box: SecretBox,
  user: { id: bigint; username: string },
  issuer: string,
  now: Date,
): Promise<{ secret: string; otpauthUrl: string }> => {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = box.seal(secret);
  await db
    .insert(userTotp)
    .values({ userId: user.id, secret: sealed, createdAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret: sealed, enabledAt: null, lastUsedStep: 0n, createdAt: now } });
  return { secret, otpauthUrl: totpFor(secret, user.username, issuer).toString() };
};

export type TotpState = { kind: 'off' } | { kind: 'pending'; secret: string } | { kind: 'on'; secret: string };

export const totpState = async (db: PortalDb, box: SecretBox, userId: bigint): Promise<TotpState> => {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row) return { kind: 'off' };
  const secret = box.open(row.secret as SealedSecret);
  return row.enabledAt ? { kind: 'on', secret } : { kind: 'pending', secret };
};

/** Records that `step`'s code was used, unless it (or a later one) already was: false means a replay. */
const spendStep = async (db: PortalDb, userId: bigint, step: bigint): Promise<boolean> => {
  const spent = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastUsedStep, step)))
    .returning({ userId: userTotp.userId });
  return spent.length > 0;
};

/** Turns two-factor on with a code of the pending secret; answers the recovery codes (shown once). */
export const enableTotp = async (db: PortalDb, userId: bigint, secret: string, code: string, now: Date): Promise<string[] | null> => {
  const step = matchingStep(secret, code, now);
  if (step === null) return null;
  return db.transaction(async (tx) => {
    if (!(await spendStep(tx, userId, step))) return null;
    await tx.update(userTotp).set({ enabledAt: now }).where(eq(userTotp.userId, userId));
    return replaceRecoveryCodes(tx, userId, now);
  });
};

/** A fresh set of recovery codes in place of the person's old ones (shown once, stored hashed). */
export const replaceRecoveryCodes = async (db: PortalDb, userId: bigint, now: Date): Promise<string[]> => {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c), createdAt: now })));
  return codes;
};

/** Whether `code` proves the second factor now: a fresh authenticator code, or an unused recovery code (spent by this call). */
export const useSecondFactor = async (db: PortalDb, userId: bigint, secret: string, code: string, now: Date): Promise<boolean> => {
  const step = matchingStep(secret, code, now);
  if (step !== null) return spendStep(db, userId, step);
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
};

/** Turns two-factor off (the person with a code, or an admin resetting it). */
export const removeTotp = async (db: PortalDb, userId: bigint): Promise<void> => {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
};

/** Whether two-factor sign-in is on (no secret opened). */
export const hasTotp = async (db: PortalDb, userId: bigint): Promise<boolean> =>
  (await db.execute(sql`select 1 from user_totp where user_id = ${userId} and enabled_at is not null`)).rows.length > 0;
