import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { route } from '../../http/route';
import { callerOf } from '../../lib/caller';
import { depsOf } from '../../http/deps';
import { changePassword, checkResetToken, requestResetEmail, resetPageOf, setPasswordFromResetToken } from './service';
import { THROTTLE_RULES, enforceThrottle, throttleKeys, originOfCaller, originOfRequest, noStore } from '../sessions';

/** Password reset by email and change while signed in (docs/decisions/0003-contract-rules.md). */
export const passwordRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  noStore(app);

  route(app, endpoints.resetEmail, async (request, reply) => {
    // A foreign link is refused before anything is counted or looked up.
    resetPageOf(request.body.validateURL, deps.config.PUBLIC_ORIGIN);
    await enforceThrottle(deps.limiter, reply, 'resetEmail', [
      { key: throttleKeys.resetEmailUsername(request.body.username), rule: THROTTLE_RULES.resetEmailPerUsername },
      { key: throttleKeys.resetEmailAddress(request.ip), rule: THROTTLE_RULES.resetEmailPerAddress },
    ]);
    return requestResetEmail(deps, request.body, request.ip);
  });

  route(app, endpoints.setFromResetToken, async (request, reply) => {
    await enforceThrottle(deps.limiter, reply, 'token', [
      { key: throttleKeys.tokenAddress(request.ip), rule: THROTTLE_RULES.tokenPerAddress },
    ]);
    return setPasswordFromResetToken(deps, request.body, originOfRequest(request.headers['user-agent'], request.ip));
  });

  route(app, endpoints.checkResetToken, async (request, reply) => {
    await enforceThrottle(deps.limiter, reply, 'token', [
      { key: throttleKeys.tokenAddress(request.ip), rule: THROTTLE_RULES.tokenPerAddress },
    ]);
    return checkResetToken(deps, request.body);
  });

  route(app, endpoints.changePassword, async (request, reply) => {
    const caller = callerOf(request);
    await enforceThrottle(deps.limiter, reply, 'passwordChange', [
      { key: throttleKeys.passwordChangeUser(caller.userId), rule: THROTTLE_RULES.passwordChangePerUser },
    ]);
    return changePassword(deps, caller, request.body, await originOfCaller(deps.db, caller, request.ip));
  });
};
