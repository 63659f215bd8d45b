import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/** Payment/{paymentId}/receipt: fetched with the session and saved as the server names it ("Receipt-….pdf"). */
export const downloadReceipt = async (paymentId: bigint): Promise<void> => {
  const { blob, fileName } = await api.download(endpoints.paymentReceipt, { params: { paymentId } });
  saveFile(blob, fileName ?? `Receipt-${paymentId}.pdf`);
};
