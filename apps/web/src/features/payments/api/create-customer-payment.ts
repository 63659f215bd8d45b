import { PaymentResultSchema, type PaymentToCreate } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/**
 * POST /b/v1/Payment/customerpayment?autoAssignPayment=true → PaymentResult. The `Idempotency-Key` makes a
 * repeated submit (double click, retry after a lost answer) return the same payment and charge once
 * (decisions §4). A declined card answers 200 with the reason in `error`.
 */
export const createCustomerPayment = (body: PaymentToCreate, idempotencyKey: string) =>
  billingApi.request({
    method: 'POST',
    path: '/v1/Payment/customerpayment',
    query: { autoAssignPayment: true },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: PaymentResultSchema,
  });
