/** PaymentMethod/*: saved cards of an account. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { accountOfCard, deleteCard, listCards, makeDefaultCard } from './service';

export const paymentMethodRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);

  route(app, endpoints.paymentMethods, async (request) => ({ value: await listCards(deps, callerOf(request), request.params.accountId) }));
  const accountOf = (request: { params: { paymentMethodId: bigint } }) => accountOfCard(deps, request.params.paymentMethodId);
  route(
    app,
    endpoints.setDefaultPaymentMethod,
    async (request) => {
      await makeDefaultCard(deps, callerOf(request), request.params.paymentMethodId);
      return true;
    },
    { accountOf },
  );
  route(
    app,
    endpoints.deletePaymentMethod,
    async (request) => {
      await deleteCard(deps, callerOf(request), request.params.paymentMethodId);
      return true;
    },
    { accountOf },
  );
};
