/** Payment/customerpayment: a card payment, idempotent per account and key; Payment/receipt: a successful payment's receipt. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { billingContextOf } from '../../http/billing-context';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { attachment } from '../../lib/document-format';
import { presentPayment } from './presenter';
import { getPaymentReceipt } from './receipt';
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

  const receiptDeps = { db: app.db, clock: app.clock, taxNumbers: { gstHst: app.config.TAX_GST_HST_NUMBER, qst: app.config.TAX_QST_NUMBER } };
  route(app, endpoints.paymentReceipt, async (request, reply) => {
    const receipt = await getPaymentReceipt(receiptDeps, callerOf(request), request.params.paymentId);
    return reply.type('application/pdf').header('content-disposition', attachment(receipt.fileName)).send(receipt.pdf);
  });
};
