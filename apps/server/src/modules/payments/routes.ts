/** Payment/customerpayment (spec §7): a card payment, idempotent per account and key. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { billingContextOf } from '../../http/billing-context';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { presentPayment } from './presenter';
import { createCustomerPayment, idempotencyKeyOf } from './service';

export const paymentRoutes = async (app: FastifyInstance) => {
  const ctx = billingContextOf(app);

  route(app, endpoints.customerPayment, async (request) => {
    const { payment, paymentMethodInfo, paymentAssignments } = request.body;
    const outcome = await createCustomerPayment(ctx, callerOf(request), {
      accountId: payment.accountId,
      paymentMethodId: paymentMethodInfo.paymentMethodId,
      amount: payment.amount,
      currency: payment.currency,
      description: payment.description ?? null,
      autoAssign: request.query.autoAssignPayment,
      assignments: paymentAssignments?.map((a) => ({ arId: a.arId, amount: a.amount })),
      idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key'], payment.id),
    });
    return { payment: presentPayment(outcome.payment), error: outcome.error };
  });
};
