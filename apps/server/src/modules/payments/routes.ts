/**
 * Payment/customerpayment: a card payment, idempotent per account and key; Payment/receipt: a successful
 * payment's receipt; Staff's refunds, the account's refunds and their receipts; and the provider API's
 * offline payments and credits.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { readDepsOf } from '../../http/read-routing';
import { attachment } from '../../lib/document-format';
import { providerPaymentRoutes } from './provider';
import { getPaymentReceipt } from './receipt';
import { createCustomerPayment, idempotencyKeyOf } from './service';
import { getRefundReceipt } from './refund-receipt';
import { listRefunds, refundPayment } from './refunds';
import { payAll } from './pay-all';

export const paymentRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);

  route(app, endpoints.customerPayment, async (request) => {
    const { payment, paymentMethodInfo, paymentAssignments } = request.body;
    return createCustomerPayment(deps, callerOf(request), {
      accountId: payment.accountId,
      paymentMethodId: paymentMethodInfo.paymentMethodId,
      amount: payment.amount,
      currency: payment.currency,
      description: payment.description ?? null,
      autoAssign: request.query.autoAssignPayment,
      assignments: paymentAssignments?.map((a) => ({ arId: a.arId, amount: a.amount })),
      idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key'], payment.id),
    });
  }, { accountOf: (request) => request.body.payment.accountId });

  route(app, endpoints.paymentReceipt, async (request, reply) => {
    const receipt = await getPaymentReceipt(readDepsOf(request, deps), callerOf(request), request.params.paymentId);
    return reply.type('application/pdf').header('content-disposition', attachment(receipt.fileName)).send(receipt.pdf);
  });

  route(
    app,
    endpoints.payAll,
    (request) =>
      payAll(deps, callerOf(request), { ...request.body, idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key'], undefined) }),
    { accountOf: (request) => request.body.accountId },
  );

  route(app, endpoints.refundPayment, (request) => refundPayment(deps, callerOf(request), request.params.paymentId, request.body));

  route(app, endpoints.paymentRefunds, (request) => listRefunds(readDepsOf(request, deps), callerOf(request), request.params.accountId));

  route(app, endpoints.refundReceipt, async (request, reply) => {
    const receipt = await getRefundReceipt(readDepsOf(request, deps), callerOf(request), request.params.refundId);
    return reply.type('application/pdf').header('content-disposition', attachment(receipt.fileName)).send(receipt.pdf);
  });

  await providerPaymentRoutes(app);
};
