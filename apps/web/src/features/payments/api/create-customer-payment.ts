import { endpoints, type PaymentToCreate } from '@portal/contract';
import { api } from '@/lib/api/client';

/**
 * Payment/customerpayment?autoAssignPayment=true → PaymentResult. The `Idempotency-Key` makes a repeated
 * submit (double click, retry after a lost answer) return the same payment and charge once (docs/decisions/0005-security-model.md).
 * A declined card answers 200 with the reason in `error`.
 */
export const createCustomerPayment = (body: PaymentToCreate, idempotencyKey: string) =>
  api.call(endpoints.customerPayment, {
    query: { autoAssignPayment: 'true' },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
