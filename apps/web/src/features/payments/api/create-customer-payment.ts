import { PaymentResultSchema, type PaymentToCreate } from '@portal/contract';
import { billingRequestWithHeaders } from './request-with-headers';

/**
 * POST /b/v1/Payment/customerpayment?autoAssignPayment=true → PaymentResult. The `Idempotency-Key` makes a
 * repeated submit (double click, retry after a lost answer) return the same payment and charge once
 * (decisions §4). A declined card answers 200 with the reason in `error`.
 */
export const createCustomerPayment = (body: PaymentToCreate, idempotencyKey: string) =>
  billingRequestWithHeaders({
    method: 'POST',
    url: '/v1/Payment/customerpayment?autoAssignPayment=true',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: PaymentResultSchema,
  });
