/**
 * Authenticate/Logout, Authenticate/confirm and Sessions/* (docs/decisions/0003-contract-rules.md, docs/decisions/0011-server-side-sessions.md): a person's sessions,
 * proving again who they are for a sensitive change, and ending sessions.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, endpoints } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../../errors';
import { callerOf } from '../../../http/caller';
import { route } from '../../../http/route';
import { recordAudit } from '../../../lib/audit';
import { verifyPassword } from '../../../lib/password';
import { markAuthenticated } from '../../../lib/recent-authentication';
import { deviceParts } from '../../../lib/device-name';
import type { AuthDeps } from '../context';
import { findUserById } from '../repository';
import { endSession, endUserSessions, liveSessions } from '../sessions';
import { enforceThrottle, THROTTLE_RULES, throttleKeys } from '../throttle';
import { originOfCaller, queueSecurityNotice } from '../security-notice';
import { noStore } from './shared';

export const sessionRoutes = async (app: FastifyInstance, { deps }: { deps: AuthDeps }) => {
  noStore(app);
  const idleMs = deps.config.SESSION_IDLE_MINUTES * 60_000;
  const audit = (userId: bigint, action: string, details: Record<string, unknown>) =>
    recordAudit(deps.db, { actorUserId: userId, accountId: null, action, entity: 'user', entityId: userId, details });

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

  route(app, endpoints.sessions, async (request) => {
    const caller = callerOf(request);
    const rows = await liveSessions(deps.db, caller.userId, deps.clock.now(), idleMs);
    return {
      value: rows.map((row) => ({
        id: row.id,
        device: row.deviceName,
        ...deviceParts(row.userAgent),
        place: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === caller.sessionId,
      })),
    };
  });

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
};
