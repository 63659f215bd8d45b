import type { SearchResult } from '@portal/contract';
import type { SearchRow } from './repository';

export const presentSearchResult = (row: SearchRow): SearchResult => ({
  kind: row.kind,
  id: BigInt(row.id),
  accountId: BigInt(row.account_id),
  title: row.title,
  subtitle: row.subtitle === '' ? null : row.subtitle,
});
