/** Raw SQL returns timestamptz as text ("2025-01-02 03:04:05.6+00"), the query builder as Date. */
export const toIsoInstant = (value: Date | string): string => new Date(value).toISOString();
