/**
 * How long call records are kept (USAGE_RETENTION_MONTHS, docs/decisions/0032-partitioned-call-records.md):
 * a month's records go once the month and the invoices billing them are that old. Pure.
 */

/** The first day whose records are surely kept: the start of the UTC month `months` before the one `now` is in. */
export const recordsKeptFrom = (now: Date, months: number): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));

/** Whether an invoice whose period ended on `endDate` (YYYY-MM-DD) is past retention: its records may be gone. */
export const isPastRetention = (endDate: string, now: Date, months: number): boolean => endDate < recordsKeptFrom(now, months).toISOString().slice(0, 10);
