import { cdrs } from '../../db/schema';
import type { FilterFields } from '../../filter';

/** The explorer's sortable columns (orderby allow-list); its filters are query parameters of their own, not dnfilter. */
export const USAGE_FIELDS: FilterFields = {
  StartedAt: { type: 'datetime', column: cdrs.startedAt, operators: [] },
  Type: { type: 'string', column: cdrs.kind, operators: [] },
  Direction: { type: 'string', column: cdrs.direction, operators: [] },
  From: { type: 'string', column: cdrs.fromNumber, operators: [] },
  To: { type: 'string', column: cdrs.toNumber, operators: [] },
  Duration: { type: 'integer', column: cdrs.durationSeconds, operators: [] },
  Data: { type: 'integer', column: cdrs.dataKb, operators: [] },
  Description: { type: 'string', column: cdrs.description, operators: [] },
  Amount: { type: 'money', column: cdrs.amount, operators: [] },
};
