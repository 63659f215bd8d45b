import { endpoints, type UsageFilterQuery } from '@portal/contract';
import { api } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/** Usage/records/export: the filtered records as the CSV the server streams, saved under the name it gives. */
export const exportUsage = async (accountId: bigint, query: UsageFilterQuery): Promise<void> => {
  const file = await api.download(endpoints.usageExport, { params: { accountId }, query });
  saveFile(file.blob, file.fileName ?? 'usage.csv');
};
