import { endpoints, type RefundRequest } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/** Payment/refunds/{accountId}: the account's refunds, shown under their payments in Payment History. */
export const refundsQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'refunds'],
    queryFn: ({ signal }) => api.call(endpoints.paymentRefunds, { params: { accountId }, signal }),
  });

/** Payment/{paymentId}/refund: Staff's refund of a successful payment. */
export const refundPayment = (paymentId: bigint, body: RefundRequest) => api.call(endpoints.refundPayment, { params: { paymentId }, body });

/** Payment/refund/{refundId}/receipt, saved as the server names it ("Refund-RF-….pdf"). */
export const downloadRefundReceipt = async (refundId: bigint): Promise<void> => {
  const { blob, fileName } = await api.download(endpoints.refundReceipt, { params: { refundId } });
  saveFile(blob, fileName ?? `Refund-${refundId}.pdf`);
};
