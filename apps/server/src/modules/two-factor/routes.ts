/** TwoFactor/* and the admin's reset: turning an authenticator app on and off. */
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, endpoints } from '@portal/contract';
import { conflict, badRequest, notFound } from '../../errors';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { recordAudit } from '../../lib/audit';
import { assertRecentAuthentication } from '../../lib/recent-authentication';
import { depsOf } from '../../http/deps';
import { findUserById, originOfCaller, queueSecurityNotice, type ChangeOrigin, type SecurityChange, endUserSessions, enforceThrottle, noStore } from '../sessions';
import { enableTotp, hasTotp, removeTotp, replaceRecoveryCodes, startTotpSetup, totpSecretsOf, totpState, useSecondFactor } from './totp';

/** Wrong codes while managing two-factor are throttled like password guesses. */
const CODE_RULE = { limit: 10, windowMs: 15 * 60_000 };
const codeKey = (userId: bigint) => `two-factor:user:${userId}`;

export const twoFactorRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  noStore(app);
  const totpSecrets = totpSecretsOf(deps.config.SECRETS_KEY);
  const audit = (actor: bigint, userId: bigint, action: string, ip: string) =>
    recordAudit(deps.db, { actorUserId: actor, accountId: null, action, entity: 'user', entityId: userId, details: { ip } });
  const notify = async (userId: bigint, change: SecurityChange, origin: ChangeOrigin | null) => {
    const at = deps.clock.now();
    await queueSecurityNotice(deps.db, deps.outbox, { userId, change, at, origin });
    deps.outbox.nudge(at);
  };

  route(app, endpoints.twoFactorStatus, async (request) => ({ totp: await hasTotp(deps.db, callerOf(request).userId) }));

  route(app, endpoints.totpSetup, async (request) => {
    const caller = callerOf(request);
    // Enrolling an authenticator of one's own would lock the owner out of password sign-in: a fresh proof first.
    await assertRecentAuthentication(deps.db, caller, deps.clock.now());
    const user = await findUserById(deps.db, caller.userId);
    if (!user) throw notFound('The user');
    if ((await totpState(deps.db, totpSecrets, user.id)).kind === 'on') throw conflict(AUTH_MESSAGES.twoFactorAlreadyOn);
    return startTotpSetup(deps.db, totpSecrets, user, new URL(deps.config.PUBLIC_ORIGIN).hostname, deps.clock.now());
  });

  route(app, endpoints.totpEnable, async (request, reply) => {
    const caller = callerOf(request);
    await assertRecentAuthentication(deps.db, caller, deps.clock.now());
    await enforceThrottle(deps.limiter, reply, 'token', [{ key: codeKey(caller.userId), rule: CODE_RULE }]);
    const state = await totpState(deps.db, totpSecrets, caller.userId);
    if (state.kind === 'on') throw conflict(AUTH_MESSAGES.twoFactorAlreadyOn);
    if (state.kind === 'off') throw conflict(AUTH_MESSAGES.twoFactorNotSetUp);
    const recoveryCodes = await enableTotp(deps.db, caller.userId, state.secret, request.body.code, deps.clock.now());
    if (!recoveryCodes) throw badRequest(AUTH_MESSAGES.secondFactorWrong);
    await deps.limiter.reset(codeKey(caller.userId));
    await audit(caller.userId, caller.userId, 'auth.two_factor_enabled', request.ip);
    await notify(caller.userId, 'two_factor_on', await originOfCaller(deps.db, caller, request.ip));
    return { recoveryCodes };
  });

  route(app, endpoints.twoFactorDisable, async (request, reply) => {
    const caller = callerOf(request);
    await enforceThrottle(deps.limiter, reply, 'token', [{ key: codeKey(caller.userId), rule: CODE_RULE }]);
    const state = await totpState(deps.db, totpSecrets, caller.userId);
    if (state.kind !== 'on') throw conflict(AUTH_MESSAGES.twoFactorNotOn);
    await assertRecentAuthentication(deps.db, caller, deps.clock.now());
    if (!(await useSecondFactor(deps.db, caller.userId, state.secret, request.body.code, deps.clock.now()))) {
      throw badRequest(AUTH_MESSAGES.secondFactorWrong);
    }
    await removeTotp(deps.db, caller.userId);
    await audit(caller.userId, caller.userId, 'auth.two_factor_disabled', request.ip);
    await notify(caller.userId, 'two_factor_off', await originOfCaller(deps.db, caller, request.ip));
    return reply.status(204).send();
  });

  route(app, endpoints.regenerateRecoveryCodes, async (request) => {
    const caller = callerOf(request);
    await assertRecentAuthentication(deps.db, caller, deps.clock.now());
    if (!(await hasTotp(deps.db, caller.userId))) throw conflict(AUTH_MESSAGES.twoFactorNotOn);
    const recoveryCodes = await deps.db.transaction((tx) => replaceRecoveryCodes(tx, caller.userId, deps.clock.now()));
    await audit(caller.userId, caller.userId, 'auth.recovery_codes_regenerated', request.ip);
    await notify(caller.userId, 'recovery_codes_regenerated', await originOfCaller(deps.db, caller, request.ip));
    return { recoveryCodes };
  });

  route(app, endpoints.resetUserTwoFactor, async (request, reply) => {
    const caller = callerOf(request);
    const user = await findUserById(deps.db, request.params.id);
    if (!user) throw notFound('The user');
    const wasOn = await hasTotp(deps.db, user.id);
    await deps.db.transaction(async (tx) => {
      await removeTotp(tx, user.id);
      // Whoever holds a session from before the reset signs in again.
      await endUserSessions(tx, { userId: user.id, reason: 'access_changed', now: deps.clock.now() });
    });
    await audit(caller.userId, user.id, 'user.two_factor_reset', request.ip);
    // The person is told it was support, not where support sat.
    if (wasOn) await notify(user.id, 'two_factor_reset_by_support', null);
    return reply.status(204).send();
  });
};
