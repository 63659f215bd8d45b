import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { route } from '../../http/route';
import { depsOf } from '../../http/deps';
import { requestLanguage } from '../../lib/language';
import {
  DEVICE_COOKIE,
  deviceCookieHeader,
  deviceCookieKey,
  enforceThrottle,
  inLanguageOf,
  issueDeviceCookie,
  noStore,
  readCookie,
  readDeviceCookie,
  signInClient,
  THROTTLE_RULES,
  throttleKeys,
  untrustedLoginChecks,
  withAttemptsLeft,
} from '../sessions';
import { loginWithPassword, resolveLoginTarget } from './login-service';

/** `Authenticate`: a failed login is a 200 with `successful: false` and the text to show. */
export const loginRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  noStore(app);

  const deviceKey = deviceCookieKey(deps.config.SECRETS_KEY);
  const secure = deps.config.PUBLIC_ORIGIN.startsWith('https:');

  route(app, endpoints.authenticate, async (request, reply) => {
    const language = requestLanguage(request.headers['accept-language']);
    const target = await resolveLoginTarget(deps, request.body.username);
    const device = readDeviceCookie(deviceKey, readCookie(request.headers.cookie, DEVICE_COOKIE) ?? undefined);
    // A browser the person signed in on before is throttled on its own: guesses from elsewhere never lock it out.
    const trusted = device !== null && target.kind === 'user' && target.user.id === device.userId ? device : null;
    const attemptsLeft = await enforceThrottle(deps.limiter, reply, 'login', [
      ...(trusted ? [{ key: throttleKeys.loginDevice(trusted.nonce), rule: THROTTLE_RULES.loginPerDevice }] : untrustedLoginChecks(target, request.body.username)),
      { key: throttleKeys.loginAddress(request.ip), rule: THROTTLE_RULES.loginPerAddress },
    ], language);
    const result = await loginWithPassword(deps, request.body, signInClient(request), target);
    if (result.successful && target.kind === 'user') {
      // A success clears only the counters it went through: the owner signing in on their own
      // browser leaves a guesser elsewhere as throttled as before.
      if (trusted) await deps.limiter.reset(throttleKeys.loginDevice(trusted.nonce));
      else {
        for (const { key } of untrustedLoginChecks(target, request.body.username)) await deps.limiter.reset(key);
        reply.header('set-cookie', deviceCookieHeader(issueDeviceCookie(deviceKey, target.user.id), secure));
      }
    }
    return inLanguageOf(withAttemptsLeft(result, attemptsLeft), language);
  });
};
