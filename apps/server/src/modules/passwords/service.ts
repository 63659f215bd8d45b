import {
  AUTH_MESSAGES,
  BRAND_CODE,
  RESET_PASSWORD_PATH,
  RESET_TOKEN_TTL_MS,
  type ChangePasswordRequest,
  type CheckResetTokenRequest,
  type ResetEmailRequest,
  type ResetTokenCheck,
  type ResultResponse,
  type SetFromResetTokenRequest,
} from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { badRequest } from '../../errors';
import type { MailMessage } from '../../lib/mailer';
import { recordAudit } from '../../lib/audit';
import { recordInvitationAccepted } from '../../lib/person-events';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Caller } from '../../lib/caller';
import type { Deps } from '../../http/deps';
import { resolveLogin, endUserSessions, accountLanguageOfUser, findUserById, findUsersByLogin, queueSecurityNotice, type ChangeOrigin, untrustedLoginChecks } from '../sessions';
import { expiresAfter, generateOpaqueToken, hashOpaqueToken, isWellFormedToken, consumeToken, findUsableTokenOwner, invalidateTokens, replaceToken } from '../tokens';
import { checkPasswordPolicy } from './password-policy';
import { composeResetEmail } from './reset-email';
import { documentLanguage, inLanguage } from '../../lib/language';
import { updatePasswordHash } from './repository';
import { sitePageUrl, withFragment } from '../../lib/site-urls';
import { recentPasskeys, removeRecentPasskeys } from '../passkeys';

const ok: ResultResponse = { successful: true, error: null };
const refuse = (error: string): ResultResponse => ({ successful: false, error });

/** The reset page named by the caller, checked to be ours (400 otherwise). */
export const resetPageOf = (validateURL: string, publicOrigin: string): URL => {
  const page = sitePageUrl(validateURL, publicOrigin, RESET_PASSWORD_PATH);
  if (!page) throw badRequest(AUTH_MESSAGES.invalidValidateUrl);
  return page;
};

/**
 * `Password/ResetEmail`. True whenever nobody can be told apart: unknown, disabled or mail-less
 * users get the same `true` as real ones. False only when an email belongs to several users (the
 * screen shows a message for that). Every other answer does the same work whoever it names — one lookup
 * and one outbox row — and the mail is prepared and sent later (`preparePasswordReset`), so neither
 * the answer nor its timing tells whether the person exists.
 */
export const requestResetEmail = async (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'outbox'>, request: ResetEmailRequest, ip: string): Promise<boolean> => {
  const page = resetPageOf(request.validateURL, deps.config.PUBLIC_ORIGIN);
  const target = resolveLogin(await findUsersByLogin(deps.db, request.username), request.username);
  if (target.kind === 'ambiguous') return false;
  const now = deps.clock.now();
  const payload: ResetRequest = { login: request.username, page: page.toString(), brand: request.brand, ip };
  await deps.outbox.enqueueRequest(deps.db, RESET_PURPOSE, payload, now);
  deps.outbox.nudge(now);
  return true;
};

/** The outbox purpose of password-reset requests. */
export const RESET_PURPOSE = 'password_reset';

/** Queues the reset email of `login` (Admin's "send a reset link"): prepared at delivery, like a person's own request. */
export const queueResetEmail = (
  deps: Pick<Deps, 'outbox' | 'config'>,
  db: PortalDb,
  request: { login: string; ip: string },
  now: Date,
): Promise<bigint> => {
  const payload: ResetRequest = {
    login: request.login,
    page: new URL(RESET_PASSWORD_PATH, deps.config.PUBLIC_ORIGIN).toString(),
    brand: BRAND_CODE,
    ip: request.ip,
  };
  return deps.outbox.enqueueRequest(db, RESET_PURPOSE, payload, now);
};

interface ResetRequest {
  login: string;
  page: string;
  brand: string;
  ip: string;
}

/**
 * Turns a reset request into its email when the outbox delivers it: a fresh single-use token for
 * the person the login names (one live link per person), or nothing for unknown, disabled or
 * mail-less people. Audited either way for a known person.
 */
export const preparePasswordReset =
  (deps: Pick<Deps, 'db'>) =>
  async (payload: unknown, now: Date): Promise<MailMessage | null> => {
    const request = payload as ResetRequest;
    const target = resolveLogin(await findUsersByLogin(deps.db, request.login), request.login);
    if (target.kind !== 'user') return null;
    const { user } = target;
    const audit = (db: PortalDb, outcome: string) =>
      recordAudit(db, {
        actorUserId: null,
        accountId: null,
        action: 'auth.password_reset_requested',
        entity: 'user',
        entityId: user.id,
        details: { outcome, ip: request.ip },
      });
    if (user.status === 'disabled' || !user.email) {
      await audit(deps.db, user.email ? 'skipped_disabled' : 'skipped_no_email');
      return null;
    }
    const token = generateOpaqueToken();
    // Written in the person's language: their account's (people have no language of their own).
    const language = documentLanguage(await accountLanguageOfUser(deps.db, user.id));
    await deps.db.transaction(async (tx) => {
      await replaceToken(tx, {
        userId: user.id,
        purpose: 'reset',
        tokenHash: hashOpaqueToken(token),
        expiresAt: expiresAfter(now, RESET_TOKEN_TTL_MS),
        createdByUserId: null,
        at: now,
      });
      await audit(tx, 'sent');
    });
    return composeResetEmail({
      to: user.email,
      name: user.name,
      username: user.username,
      link: withFragment(inLanguage(new URL(request.page), language), { reset: token }),
      brand: request.brand,
      ttlMinutes: RESET_TOKEN_TTL_MS / 60_000,
      language,
    });
  };

/**
 * The purposes of the links that set a password on the reset page: a reset, and an invitation's first
 * password (docs/decisions/0017-invitations.md).
 */
const SET_PASSWORD_PURPOSES = ['reset', 'invitation'] as const;

/** The user a reset or invitation token may still set the password of, or null (unknown, spent, expired, or the user is disabled). */
const resetTokenOwner = async (deps: Pick<Deps, 'db' | 'clock'>, resetToken: string) => {
  if (!isWellFormedToken(resetToken)) return null;
  const tokenHash = hashOpaqueToken(resetToken);
  let ownerId: bigint | null = null;
  for (const purpose of SET_PASSWORD_PURPOSES) ownerId ??= await findUsableTokenOwner(deps.db, tokenHash, purpose, deps.clock.now());
  const owner = ownerId === null ? null : await findUserById(deps.db, ownerId);
  return owner && owner.status !== 'disabled' ? owner : null;
};

/**
 * `Password/CheckResetToken`: the reset page says at once when its link no longer works, and offers to remove
 * the passkeys registered lately (the link's holder may reset the password, so may see their names).
 */
export const checkResetToken = async (deps: Pick<Deps, 'db' | 'clock'>, request: CheckResetTokenRequest): Promise<ResetTokenCheck> => {
  const owner = await resetTokenOwner(deps, request.resetToken);
  if (!owner) return { ...refuse(AUTH_MESSAGES.resetLinkInvalid), recentPasskeys: [] };
  const recent = await recentPasskeys(deps.db, owner.id, deps.clock.now());
  return { ...ok, recentPasskeys: recent.map(({ name, createdAt }) => ({ name, createdAt })) };
};

/** When asked, removes the passkeys registered lately, each audited and told about like any removal. */
const removeRecentPasskeysOnRequest = async (
  deps: Pick<Deps, 'outbox'>,
  tx: PortalDb,
  { userId, asked, now, origin, cause }: { userId: bigint; asked: boolean | undefined; now: Date; origin: ChangeOrigin; cause: 'password_change' | 'password_reset' },
): Promise<void> => {
  if (!asked) return;
  for (const passkey of await removeRecentPasskeys(tx, userId, now)) {
    await recordAudit(tx, {
      actorUserId: userId,
      accountId: null,
      action: 'auth.passkey_removed',
      entity: 'user',
      entityId: userId,
      details: { ip: origin.address, passkeyId: passkey.id, name: passkey.name, with: cause },
    });
    await queueSecurityNotice(tx, deps.outbox, { userId, change: 'passkey_removed', at: now, origin, passkeyName: passkey.name });
  }
};

/**
 * `Password/SetFromResetToken`. The policy is checked before the token is spent (a
 * weak password does not burn the link); the token is then spent atomically with the new hash.
 * A pending user who resets stays pending.
 */
export const setPasswordFromResetToken = async (
  deps: Pick<Deps, 'db' | 'clock' | 'outbox' | 'limiter'>,
  request: SetFromResetTokenRequest,
  origin: ChangeOrigin,
): Promise<ResultResponse> => {
  const owner = await resetTokenOwner(deps, request.resetToken);
  if (!owner) return refuse(AUTH_MESSAGES.resetLinkInvalid);
  const tokenHash = hashOpaqueToken(request.resetToken);
  const problem = checkPasswordPolicy(request.newPassword, owner);
  if (problem) return refuse(problem);
  const passwordHash = await hashPassword(request.newPassword);
  const now = deps.clock.now();
  const resetUserId = await deps.db.transaction(async (tx) => {
    const resetBy = await consumeToken(tx, tokenHash, 'reset', now);
    const userId = resetBy ?? (await consumeToken(tx, tokenHash, 'invitation', now));
    if (userId === null) return null;
    const invited = resetBy === null;
    await updatePasswordHash(tx, userId, passwordHash, now);
    for (const purpose of SET_PASSWORD_PURPOSES) await invalidateTokens(tx, userId, purpose, now);
    // Whoever knew the old password is signed out everywhere.
    await endUserSessions(tx, { userId, reason: 'password_reset', now });
    await recordAudit(tx, {
      actorUserId: userId,
      accountId: null,
      action: invited ? 'auth.invitation_accepted' : 'auth.password_reset',
      entity: 'user',
      entityId: userId,
      details: { ip: origin.address },
    });
    if (invited) await recordInvitationAccepted(tx, userId, now);
    // An invited person's first password replaces no way of signing in: nothing to warn them of.
    if (!invited) await queueSecurityNotice(tx, deps.outbox, { userId, change: 'password_reset', at: now, origin });
    await removeRecentPasskeysOnRequest(deps, tx, { userId, asked: request.removeRecentPasskeys, now, origin, cause: 'password_reset' });
    return userId;
  });
  if (resetUserId === null) return refuse(AUTH_MESSAGES.resetLinkInvalid);
  // The lockout the reset was needed for ends with it: the new password signs in at once.
  for (const { key } of untrustedLoginChecks({ kind: 'user', user: { id: resetUserId } }, '')) await deps.limiter.reset(key);
  deps.outbox.nudge(now);
  return ok;
};

/** `Password/Change` for the signed-in caller. */
export const changePassword = async (
  deps: Pick<Deps, 'db' | 'clock' | 'outbox'>,
  caller: Caller,
  request: ChangePasswordRequest,
  origin: ChangeOrigin,
): Promise<ResultResponse> => {
  const ip = origin.address;
  const user = await findUserById(deps.db, caller.userId);
  if (!user || user.status !== 'active') return refuse(AUTH_MESSAGES.accountDisabled);
  const audit = (outcome: string) =>
    recordAudit(deps.db, {
      actorUserId: user.id,
      accountId: null,
      action: 'auth.password_change',
      entity: 'user',
      entityId: user.id,
      details: { outcome, ip },
    });
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, request.currentPassword))) {
    await audit('wrong_current_password');
    return refuse(AUTH_MESSAGES.currentPasswordWrong);
  }
  if (request.newPassword === request.currentPassword) return refuse(AUTH_MESSAGES.passwordUnchanged);
  const problem = checkPasswordPolicy(request.newPassword, user);
  if (problem) return refuse(problem);
  const passwordHash = await hashPassword(request.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash, now);
    // A reset link mailed before the change must not undo it.
    await invalidateTokens(tx, user.id, 'reset', now);
    // Every other session ends; the one that changed the password stays.
    await endUserSessions(tx, { userId: user.id, reason: 'password_changed', now, except: caller.sessionId });
    await recordAudit(tx, {
      actorUserId: user.id,
      accountId: null,
      action: 'auth.password_change',
      entity: 'user',
      entityId: user.id,
      details: { outcome: 'changed', ip },
    });
    await queueSecurityNotice(tx, deps.outbox, { userId: user.id, change: 'password_changed', at: now, origin });
    await removeRecentPasskeysOnRequest(deps, tx, { userId: user.id, asked: request.removeRecentPasskeys, now, origin, cause: 'password_change' });
  });
  deps.outbox.nudge(now);
  return ok;
};
