/** PaymentMethod/*: saved cards of an account. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { billingContextOf } from '../../http/billing-context';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { presentPaymentMethod } from './presenter';
import { deleteCard, listCards, makeDefaultCard } from './service';

export const paymentMethodRoutes = async (app: FastifyInstance) => {
  const ctx = billingContextOf(app);

  route(app, endpoints.paymentMethods, async (request) => {
    const cards = await listCards(ctx, callerOf(request), request.params.accountId);
    return { value: cards.map(presentPaymentMethod) };
  });
  route(app, endpoints.setDefaultPaymentMethod, async (request) => {
    await makeDefaultCard(ctx, callerOf(request), request.params.paymentMethodId);
    return true;
  });
  route(app, endpoints.deletePaymentMethod, async (request) => {
    await deleteCard(ctx, callerOf(request), request.params.paymentMethodId);
    return true;
  });
};
