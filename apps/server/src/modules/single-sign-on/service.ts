import { AUTH_MESSAGES } from '@portal/contract';
import { recordAudit } from '../../lib/audit';
import { recordInvitationAccepted } from '../../lib/person-events';
import type { Deps } from '../../http/deps';
import { loginOutcome, resolveLogin, findUsersByLogin, markLoggedIn, everyAccountPastRetention, type UserRow, issueSessionToken, type SignInClient } from '../sessions';
import type { ProviderIdentity } from './oidc';
import { findUserBySsoIdentity, insertPendingUser, linkSsoIdentity } from './repository';
import { displayNameOf, verifiedEmailOf, type SsoResult } from './sso-rules';

type Linked = { user: UserRow; how: 'identity' | 'email' | 'registered' } | { failure: string; reason: string };

/**
 * The user behind a provider identity: the one already linked to it (issuer + subject), else the
 * one whose username or email is the provider-verified email (the identity is linked to them),
 * else a new pending user (username = email) with the identity linked, awaiting Admin's approval.
 */
const linkIdentity = async (deps: Pick<Deps, 'db' | 'clock'>, identity: ProviderIdentity): Promise<Linked> => {
  const known = await findUserBySsoIdentity(deps.db, identity.issuer, identity.subject);
  if (known) return { user: known, how: 'identity' };
  const email = verifiedEmailOf(identity.claims);
  if (!email) return { failure: AUTH_MESSAGES.ssoEmailUnverified, reason: 'email_unverified' };
  const now = deps.clock.now();
  const target = resolveLogin(await findUsersByLogin(deps.db, email), email);
  if (target.kind === 'ambiguous') return { failure: AUTH_MESSAGES.ssoAmbiguousEmail, reason: 'email_ambiguous' };
  if (target.kind === 'user') {
    const user = target.user;
    await deps.db.transaction(async (tx) => {
      await linkSsoIdentity(tx, { userId: user.id, issuer: identity.issuer, subject: identity.subject, email, at: now });
      // An invited person without a password signs in for the first time: the invitation is accepted.
      if (user.passwordHash === null) await recordInvitationAccepted(tx, user.id, now);
    });
    return { user, how: 'email' };
  }
  const created = await deps.db.transaction(async (tx) => {
    const user = await insertPendingUser(tx, { username: email, email, name: displayNameOf(identity.claims, email), at: now });
    if (!user) return null;
    await linkSsoIdentity(tx, { userId: user.id, issuer: identity.issuer, subject: identity.subject, email, at: now });
    await recordAudit(tx, {
      actorUserId: null,
      accountId: null,
      action: 'user.sso_registered',
      entity: 'user',
      entityId: user.id,
      details: { issuer: identity.issuer },
    });
    return user;
  });
  // Null only if the same person's first sign-in raced this one; their next attempt finds the link.
  return created ? { user: created, how: 'registered' } : { failure: AUTH_MESSAGES.ssoFailed, reason: 'registration_race' };
};

/** Signs in (or registers) the person a provider vouched for. */
export const signInWithIdentity = async (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'keyStore'>, identity: ProviderIdentity, client: SignInClient): Promise<SsoResult> => {
  const linked = await linkIdentity(deps, identity);
  const audit = (user: UserRow | null, details: Record<string, unknown>) =>
    recordAudit(deps.db, {
      actorUserId: user?.id ?? null,
      accountId: null,
      action: 'auth.login',
      entity: 'user',
      entityId: user?.id ?? null,
      details: { method: 'sso', issuer: identity.issuer, ip: client.ip, ...details },
    });
  if ('failure' in linked) {
    await audit(null, { outcome: linked.reason });
    return { kind: 'failed', message: linked.failure };
  }
  const outcome = loginOutcome(linked.user, true, await everyAccountPastRetention(deps.db, linked.user.id));
  await audit(linked.user, { outcome, linkedBy: linked.how });
  if (outcome === 'pending') return { kind: 'pending' };
  if (outcome === 'disabled') return { kind: 'disabled' };
  if (outcome === 'accounts_closed') return { kind: 'failed', message: AUTH_MESSAGES.accountClosed };
  await markLoggedIn(deps.db, linked.user.id, deps.clock.now());
  return { kind: 'success', token: await issueSessionToken(deps, linked.user, client) };
};
