import type { SearchResult } from '@portal/contract';
import type { SearchRow } from './repository';

export const presentSearchResult = (row: SearchRow): SearchResult => ({
  kind: row.kind,
  id: BigInt(row.id),
  accountId: BigInt(row.account_id),
  accountName: row.account_name,
  accountParentId: row.account_parent_id === null ? null : BigInt(row.account_parent_id),
  title: row.title,
  subtitle: row.subtitle === '' ? null : row.subtitle,
  matched: { field: row.matched_field, value: row.matched_value },
});
