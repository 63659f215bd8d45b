import { INVITATION_TOKEN_TTL_MS, RESET_PASSWORD_PATH, type Invitation, type InvitationRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import type { ClientCaller } from '../../http/client-caller';
import type { Deps } from '../../http/deps';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { recordTypedEvent } from '../../lib/event-data';
import { clientActor } from '../../lib/events';
import { BRAND } from '../../lib/brand';
import { documentLanguage, inLanguage, pageInLanguage } from '../../lib/language';
import type { MailMessage } from '../../lib/mailer';
import { withFragment } from '../../lib/site-urls';
import { endUserSessions, findUserById, findUsersByLogin, resolveLogin, type UserRow } from '../sessions';
import { oidcSettingsOf } from '../single-sign-on';
import { expiresAfter, generateOpaqueToken, hashOpaqueToken, invalidateTokens, replaceToken } from '../tokens';
import { composeInvitationEmail } from './invitation-email';
import {
  accountCountOfUser,
  findAccountByExternalId,
  findAccountById,
  grantAccess,
  hasAccess,
  hasSsoIdentity,
  insertInvitedUser,
  revokeAccessByEmail,
} from './repository';

/** The outbox purpose of invitation emails, prepared at delivery so that no link is stored in the outbox. */
export const INVITATION_PURPOSE = 'invitation';

const LOGIN_PATH = '/login';
/** The name the sign-in page gives single sign-on (its only provider). */
const SINGLE_SIGN_ON_NAME = 'Microsoft';

interface InvitationMail {
  userId: string;
  accountId: string;
  kind: Invitation['status'];
}

type Request = z.output<typeof InvitationRequestSchema>;

/** Whether a person already has a way to sign in: a password, or an identity at the single sign-on provider. */
const signsIn = async (db: Deps['db'], user: UserRow) => user.passwordHash !== null || (await hasSsoIdentity(db, user.id));

/**
 * Invites `request.email` to the account: a new person is created without a password and mailed a link to
 * set one; a person who has that email gets the account added and is told. Inviting again changes no access
 * and mails again (a fresh link, the older one retired): docs/decisions/0017-invitations.md.
 */
export const invitePerson = async (
  deps: Pick<Deps, 'db' | 'clock' | 'outbox'>,
  client: ClientCaller,
  externalId: string,
  request: Request,
): Promise<Invitation> => {
  const now = deps.clock.now();
  const answer = await deps.db.transaction(async (tx) => {
    const account = await findAccountByExternalId(tx, externalId);
    if (!account) throw notFound('The account');
    const existing = async () => {
      const target = resolveLogin(await findUsersByLogin(tx, request.email), request.email);
      if (target.kind === 'ambiguous') throw conflict('Several people have this email address: invite one of them by a unique email.');
      return target.kind === 'user' ? target.user : null;
    };
    let user = await existing();
    const created = !user && (await insertInvitedUser(tx, { email: request.email, name: request.name, at: now })) !== null;
    user ??= await existing();
    if (!user) throw conflict('This email address is being invited by another call: try again.');
    const status: Invitation['status'] = (await signsIn(tx, user)) ? 'added' : 'invited';
    const granted = await grantAccess(tx, user.id, account.id);
    await recordAudit(tx, {
      actorUserId: null,
      actorClientId: client.apiClientId,
      accountId: account.id,
      action: 'account.person_invited',
      entity: 'user',
      entityId: user.id,
      details: { email: request.email, role: request.role, status, createdUser: created, accessGranted: granted },
    });
    // A person who already signs in has joined now; an invited one joins when they accept, a disabled or pending one
    // when an Admin approves them with the account (lib/person-events.ts).
    if (granted && status === 'added' && user.status === 'active') {
      await recordTypedEvent(tx, { type: 'person.joined', accountId: account.id, actor: clientActor(client), data: { email: request.email, name: user.name, via: 'added' }, at: now });
    }
    // A disabled person is given the access (it holds once they are enabled again) but mailed nothing.
    if (user.status !== 'disabled') {
      const mail: InvitationMail = { userId: String(user.id), accountId: String(account.id), kind: status };
      await deps.outbox.enqueueRequest(tx, INVITATION_PURPOSE, mail, now);
    }
    return { email: request.email, name: user.name, role: request.role, status };
  });
  deps.outbox.nudge(now);
  return answer;
};

/**
 * Removes the access of the person (or people) of the account with this email and ends their sessions, which
 * every instance refuses at once (sessions are checked from memory kept true by `pg_notify`). Someone left
 * with no account also loses an invitation link not yet used.
 */
export const removePerson = async (deps: Pick<Deps, 'db' | 'clock'>, client: ClientCaller, externalId: string, email: string): Promise<void> => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await findAccountByExternalId(tx, externalId);
    if (!account) throw notFound('The account');
    const removed = await revokeAccessByEmail(tx, account.id, email);
    if (removed.length === 0) throw notFound('The person');
    for (const userId of removed) {
      const sessionsEnded = await endUserSessions(tx, { userId, reason: 'access_changed', now });
      if ((await accountCountOfUser(tx, userId)) === 0) await invalidateTokens(tx, userId, 'invitation', now);
      await recordAudit(tx, {
        actorUserId: null,
        actorClientId: client.apiClientId,
        accountId: account.id,
        action: 'account.person_removed',
        entity: 'user',
        entityId: userId,
        details: { email, sessionsEnded },
      });
      // A disabled person already stopped reaching the account when disabled, and a pending one never did.
      if ((await findUserById(tx, userId))?.status === 'active') {
        await recordTypedEvent(tx, { type: 'person.removed', accountId: account.id, actor: clientActor(client), data: { email }, at: now });
      }
    }
  });
};

/**
 * Turns a queued invitation into its email at delivery, in the account's language: nothing when the person
 * was removed, disabled or has no email meanwhile. An `invited` person gets a fresh single-use link (one
 * live link per person), unless they set a password meanwhile, when they are told as `added`.
 */
export const prepareInvitationMail =
  (deps: Pick<Deps, 'db' | 'config'>) =>
  async (payload: unknown, now: Date): Promise<MailMessage | null> => {
    const mail = payload as InvitationMail;
    const [user, account] = [await findUserById(deps.db, BigInt(mail.userId)), await findAccountById(deps.db, BigInt(mail.accountId))];
    if (!user || !account || !user.email || user.status === 'disabled' || !(await hasAccess(deps.db, user.id, account.id))) return null;
    const language = documentLanguage(account.language);
    const common = {
      to: user.email,
      name: user.name,
      accountName: account.name,
      brand: BRAND.name,
      language,
      loginLink: pageInLanguage(deps.config.PUBLIC_ORIGIN, LOGIN_PATH, language),
    };
    if (mail.kind === 'added' || (await signsIn(deps.db, user))) return composeInvitationEmail({ ...common, kind: 'added' });
    const token = generateOpaqueToken();
    await deps.db.transaction(async (tx) => {
      await replaceToken(tx, {
        userId: user.id,
        purpose: 'invitation',
        tokenHash: hashOpaqueToken(token),
        expiresAt: expiresAfter(now, INVITATION_TOKEN_TTL_MS),
        createdByUserId: null,
        at: now,
      });
    });
    const page = inLanguage(new URL(RESET_PASSWORD_PATH, deps.config.PUBLIC_ORIGIN), language);
    return composeInvitationEmail({
      ...common,
      kind: 'invited',
      setPasswordLink: withFragment(page, { invite: token }),
      ttlDays: INVITATION_TOKEN_TTL_MS / 86_400_000,
      singleSignOn: oidcSettingsOf(deps.config) ? SINGLE_SIGN_ON_NAME : null,
    });
  };
