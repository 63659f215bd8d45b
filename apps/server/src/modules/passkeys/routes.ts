/** Passkeys/* and Authenticate/passkey*: registering, listing, removing and signing in with passkeys. */
import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { endpoints, PASSKEY_MESSAGES } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../errors';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { recordAudit } from '../../lib/audit';
import { assertRecentAuthentication, markAuthenticated } from '../../lib/recent-authentication';
import { depsOf } from '../../http/deps';
import { deviceCookieHeader, deviceCookieKey, issueDeviceCookie, findUserById, originOfCaller, queueSecurityNotice, enforceThrottle, inLanguageOf, THROTTLE_RULES, throttleKeys, noStore, signInClient } from '../sessions';
import { requestLanguage } from '../../lib/language';
import { confirmWithPasskey, listPasskeys, loginWithPasskey, registerPasskey, removePasskey, startPasskeyConfirmation, startPasskeyLogin, startPasskeyRegistration } from './service';

const MINUTE = 60_000;
/** Each ceremony start writes a challenge row: bounded per person (registration) and per address (sign-in). */
const REGISTRATION_RULE = { limit: 30, windowMs: 15 * MINUTE };
const SIGN_IN_OPTIONS_RULE = { limit: 60, windowMs: 15 * MINUTE };

export const passkeyRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  noStore(app);
  const deviceKey = deviceCookieKey(deps.config.SECRETS_KEY);
  const secure = deps.config.PUBLIC_ORIGIN.startsWith('https:');

  route(app, endpoints.passkeyRegistrationOptions, async (request, reply) => {
    const caller = callerOf(request);
    // A new passkey signs in with no password or code: only a session that proved itself lately may add one.
    await assertRecentAuthentication(deps.db, caller, deps.clock.now());
    await enforceThrottle(deps.limiter, reply, 'token', [
      { key: `passkey-registration:user:${caller.userId}`, rule: REGISTRATION_RULE },
    ]);
    const user = await findUserById(deps.db, caller.userId);
    if (!user) throw notFound('The user');
    return startPasskeyRegistration(deps, user);
  });

  route(app, endpoints.registerPasskey, async (request) => {
    const caller = callerOf(request);
    // Asked again: the options may have been fetched just inside the window.
    await assertRecentAuthentication(deps.db, caller, deps.clock.now());
    const outcome = await registerPasskey(
      deps,
      caller.userId,
      request.body.response as RegistrationResponseJSON,
      signInClient(request),
    );
    if (outcome.kind === 'failed') throw badRequest(PASSKEY_MESSAGES.registrationFailed);
    if (outcome.kind === 'duplicate') throw conflict(PASSKEY_MESSAGES.alreadyRegistered);
    const { passkey } = outcome;
    const origin = await originOfCaller(deps.db, caller, request.ip);
    await deps.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorUserId: caller.userId,
        accountId: null,
        action: 'auth.passkey_registered',
        entity: 'user',
        entityId: caller.userId,
        details: { ip: request.ip, passkeyId: passkey.id, name: passkey.name },
      });
      await queueSecurityNotice(tx, deps.outbox, { userId: caller.userId, change: 'passkey_added', at: deps.clock.now(), origin, passkeyName: passkey.name });
    });
    deps.outbox.nudge(deps.clock.now());
    return passkey;
  });

  route(app, endpoints.passkeys, async (request) => ({ value: await listPasskeys(deps.db, callerOf(request).userId) }));

  route(app, endpoints.removePasskey, async (request, reply) => {
    const caller = callerOf(request);
    // A sensitive change: the session must have signed in or confirmed the password lately (docs/decisions/0011-server-side-sessions.md).
    await assertRecentAuthentication(deps.db, caller, deps.clock.now());
    const origin = await originOfCaller(deps.db, caller, request.ip);
    await deps.db.transaction(async (tx) => {
      // Another person's passkey is as unknown as one that never existed.
      const row = await removePasskey(tx, caller.userId, request.params.id);
      if (!row) throw notFound('The passkey');
      await recordAudit(tx, {
        actorUserId: caller.userId,
        accountId: null,
        action: 'auth.passkey_removed',
        entity: 'user',
        entityId: caller.userId,
        details: { ip: request.ip, passkeyId: row.id, name: row.name },
      });
      await queueSecurityNotice(tx, deps.outbox, { userId: caller.userId, change: 'passkey_removed', at: deps.clock.now(), origin, passkeyName: row.name });
    });
    deps.outbox.nudge(deps.clock.now());
    return reply.status(204).send();
  });

  route(app, endpoints.passkeyLoginOptions, async (request, reply) => {
    await enforceThrottle(deps.limiter, reply, 'login', [
      { key: `passkey-options:ip:${request.ip}`, rule: SIGN_IN_OPTIONS_RULE },
    ], requestLanguage(request.headers['accept-language']));
    return startPasskeyLogin(deps);
  });

  route(app, endpoints.passkeyLogin, async (request, reply) => {
    const language = requestLanguage(request.headers['accept-language']);
    // Counted with password sign-ins from the same address: a passkey is no way around that limit.
    await enforceThrottle(deps.limiter, reply, 'login', [
      { key: throttleKeys.loginAddress(request.ip), rule: THROTTLE_RULES.loginPerAddress },
    ], language);
    const { result, user } = await loginWithPasskey(
      deps,
      request.body.response as AuthenticationResponseJSON,
      signInClient(request),
    );
    // As after a password sign-in: this browser is the person's own from now on (its own login throttle).
    if (user) reply.header('set-cookie', deviceCookieHeader(issueDeviceCookie(deviceKey, user.id), secure));
    return inLanguageOf(result, language);
  });

  route(app, endpoints.passkeyConfirmOptions, async (request, reply) => {
    const caller = callerOf(request);
    await enforceThrottle(deps.limiter, reply, 'token', [
      { key: `passkey-confirm:user:${caller.userId}`, rule: REGISTRATION_RULE },
    ]);
    const options = await startPasskeyConfirmation(deps, caller.userId);
    if (!options) throw conflict(PASSKEY_MESSAGES.noPasskeys);
    return options;
  });

  route(app, endpoints.confirmWithPasskey, async (request, reply) => {
    const caller = callerOf(request);
    // Failed confirmations count with wrong passwords: a second way to confirm is not a second allowance.
    const key = throttleKeys.confirmPasswordUser(caller.userId);
    await enforceThrottle(deps.limiter, reply, 'confirmPassword', [{ key, rule: THROTTLE_RULES.confirmPasswordPerUser }]);
    const confirmed = await confirmWithPasskey(deps, caller.userId, request.body.response as AuthenticationResponseJSON);
    await recordAudit(deps.db, {
      actorUserId: caller.userId,
      accountId: null,
      action: 'auth.reauthenticate',
      entity: 'user',
      entityId: caller.userId,
      details: { method: 'passkey', outcome: confirmed ? 'confirmed' : 'invalid_passkey', ip: request.ip },
    });
    if (!confirmed) throw badRequest(PASSKEY_MESSAGES.confirmFailed);
    await markAuthenticated(deps.db, caller.sessionId, deps.clock.now());
    await deps.limiter.reset(key);
    return reply.status(204).send();
  });
};
