/**
 * Authenticate/OneTimeLogin, Authenticate/Logout, Authenticate/confirm and Sessions/*
 * (docs/decisions/0003-contract-rules.md, docs/decisions/0011-server-side-sessions.md): signing in with Admin's one-time token, a person's sessions, proving again who they are for a
 * sensitive change, and ending sessions.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, endpoints } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../errors';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { recordAudit } from '../../lib/audit';
import { verifyPassword } from '../../lib/password';
import { markAuthenticated } from '../../lib/recent-authentication';
import { depsOf } from '../../http/deps';
import { findUserById } from './user-repository';
import { endSession, endUserSessions } from './repository';
import { enforceThrottle, THROTTLE_RULES, throttleKeys } from './throttle';
import { inLanguageOf } from './sign-in-texts';
import { requestLanguage } from '../../lib/language';
import { originOfCaller, queueSecurityNotice } from './security-notice';
import { noStore, signInClient } from './route-helpers';
import { listSessions, loginWithOneTimeToken } from './service';

const HOUR = 3_600_000;

export const sessionRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  noStore(app);
  const audit = (userId: bigint, action: string, details: Record<string, unknown>) =>
    recordAudit(deps.db, { actorUserId: userId, accountId: null, action, entity: 'user', entityId: userId, details });

  route(app, endpoints.oneTimeLogin, async (request, reply) => {
    const language = requestLanguage(request.headers['accept-language']);
    await enforceThrottle(deps.limiter, reply, 'token', [
      { key: throttleKeys.tokenAddress(request.ip), rule: THROTTLE_RULES.tokenPerAddress },
    ], language);
    return inLanguageOf(await loginWithOneTimeToken(deps, request.body.token, signInClient(request)), language);
  });

  route(app, endpoints.logout, async (request, reply) => {
    const caller = callerOf(request);
    await endSession(deps.db, { userId: caller.userId, sessionId: caller.sessionId, reason: 'logout', now: deps.clock.now() });
    await audit(caller.userId, 'auth.logout', { ip: request.ip });
    return reply.status(204).send();
  });

  route(app, endpoints.confirmPassword, async (request, reply) => {
    const caller = callerOf(request);
    const key = throttleKeys.confirmPasswordUser(caller.userId);
    await enforceThrottle(deps.limiter, reply, 'confirmPassword', [{ key, rule: THROTTLE_RULES.confirmPasswordPerUser }]);
    const user = await findUserById(deps.db, caller.userId);
    if (!user?.passwordHash) throw conflict(AUTH_MESSAGES.noPasswordToConfirm);
    const confirmed = await verifyPassword(user.passwordHash, request.body.password);
    await audit(caller.userId, 'auth.reauthenticate', { outcome: confirmed ? 'confirmed' : 'wrong_password', ip: request.ip });
    if (!confirmed) throw badRequest(AUTH_MESSAGES.passwordWrong);
    await markAuthenticated(deps.db, caller.sessionId, deps.clock.now());
    await deps.limiter.reset(key);
    return reply.status(204).send();
  });

  route(app, endpoints.sessions, async (request) => ({ value: await listSessions(deps, callerOf(request)) }));

  route(app, endpoints.endSession, async (request, reply) => {
    const caller = callerOf(request);
    const ended = await endSession(deps.db, { userId: caller.userId, sessionId: request.params.id, reason: 'ended_by_user', now: deps.clock.now() });
    // Another person's session answers like an unknown one.
    if (!ended) throw notFound('The session');
    await audit(caller.userId, 'auth.session_ended', { ip: request.ip });
    return reply.status(204).send();
  });

  route(app, endpoints.endOtherSessions, async (request) => {
    const caller = callerOf(request);
    const origin = await originOfCaller(deps.db, caller, request.ip);
    const now = deps.clock.now();
    const revoked = await deps.db.transaction(async (tx) => {
      const count = await endUserSessions(tx, { userId: caller.userId, reason: 'ended_by_user', now, except: caller.sessionId });
      await queueSecurityNotice(tx, deps.outbox, { userId: caller.userId, change: 'sessions_ended', at: now, origin });
      return count;
    });
    deps.outbox.nudge(now);
    await audit(caller.userId, 'auth.other_sessions_ended', { ip: request.ip, revoked });
    return { revoked };
  });

  // Expired throttling counters are only clutter; any instance may sweep them.
  if (deps.config.JOBS_ENABLED) {
    const sweep = setInterval(() => {
      deps.limiter.prune(new Date(deps.clock.now().getTime() - 24 * HOUR)).catch((error: unknown) => {
        app.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'pruning rate limits failed');
      });
    }, HOUR);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
};
