import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentResultSchema, PaymentToCreateSchema } from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { billingContextOf, errorResponses, queryFlag } from './http';
import { presentPayment } from './presenter';
import { createCustomerPayment, idempotencyKeyOf } from './service';

/** Payment/customerpayment (spec §7): a card payment, idempotent per account and key. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingContextOf(app);

  app.post(
    '/v1/Payment/customerpayment',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['Payments'],
        summary: 'Pay by saved card; a decline answers 200 with the Error payment and the reason in `error`',
        description: 'Send an `Idempotency-Key` header (one per payment attempt): a repeated submit returns the same payment and charges once.',
        querystring: z.object({ autoAssignPayment: queryFlag }),
        body: PaymentToCreateSchema,
        response: { 200: PaymentResultSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
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
    },
  );
};
