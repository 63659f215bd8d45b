import { endpoints, type StatementFormat } from '@portal/contract';
import { api } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/** Account/{accountId}/statement: the PDF or CSV, fetched with the session and saved as the server names it. */
export const downloadStatement = async (accountId: bigint, query: { from: string; to: string; format: StatementFormat }): Promise<void> => {
  const { blob, fileName } = await api.download(endpoints.accountStatement, { params: { accountId }, query });
  saveFile(blob, fileName ?? `Statement-${query.from}-${query.to}.${query.format}`);
};
