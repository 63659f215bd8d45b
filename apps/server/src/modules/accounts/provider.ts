/** The provider API's view of accounts (`/p/v1/accounts/…`): addressed by the provider's external id. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { clientOf } from '../../http/client-caller';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { closeProviderAccount, getProviderAccount, putProviderAccount } from './provider-service';

export const providerAccountRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);
  route(app, endpoints.providerAccount, async (request) => getProviderAccount(readDepsOf(request, deps).db, request.params.externalId, deps.clock.now()));
  route(app, endpoints.providerAccountPut, async (request, reply) => {
    const { created, account } = await putProviderAccount(deps, clientOf(request), request.params.externalId, request.body);
    if (created) reply.code(201);
    return account;
  });
  route(app, endpoints.providerAccountClose, async (request) => closeProviderAccount(deps, clientOf(request), request.params.externalId));
};
