/**
 * Receipts and statements: a successful payment's receipt, and a statement of account
 * for a date range (opening balance, invoices, payments, credits, closing balance) as PDF or CSV.
 */
import { z } from 'zod';
import { IdSchema } from './primitives';
import { builtOnFirstUse } from './lazy-schema';

/** GET Payment/{paymentId}/receipt. */
export const PaymentReceiptParamsSchema = builtOnFirstUse(() => z.object({ paymentId: IdSchema }));

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The longest period one statement covers: enough for any tax or audit request, short enough to stay one bounded document. */
export const STATEMENT_MAX_YEARS = 5;

export type StatementRangeProblem = 'fromAfterTo' | 'tooLong';

/** The last day a statement starting on `from` may end on: the day before the same date `STATEMENT_MAX_YEARS` later. */
export const statementLastDay = (from: string): string => {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + STATEMENT_MAX_YEARS, month - 1, day - 1)).toISOString().slice(0, 10);
};

/** What is wrong with a statement's period (`YYYY-MM-DD`, both days included), or null. One rule for the server and the dialog. */
export const statementRangeProblem = (from: string, to: string): StatementRangeProblem | null => {
  if (from > to) return 'fromAfterTo';
  if (to > statementLastDay(from)) return 'tooLong';
  return null;
};

export const STATEMENT_RANGE_MESSAGES: Readonly<Record<StatementRangeProblem, string>> = {
  fromAfterTo: 'The start date (from) must be on or before the end date (to).',
  tooLong: `A statement covers at most ${STATEMENT_MAX_YEARS} years; choose a shorter period.`,
};

/** GET Account/{accountId}/statement?from&to&format: the period (the account's calendar days, both included) and the file type. */
export const StatementQuerySchema = builtOnFirstUse(() =>
  z
    .object({
      from: z.iso.date({ error: 'from must be a day written YYYY-MM-DD (the first day of the statement)' }),
      to: z.iso.date({ error: 'to must be a day written YYYY-MM-DD (the last day of the statement)' }),
      format: z.enum(STATEMENT_FORMATS, { error: 'format must be pdf or csv' }),
    })
    .superRefine((query, context) => {
      const problem = statementRangeProblem(query.from, query.to);
      if (problem)
        context.addIssue({
          code: 'custom',
          message: STATEMENT_RANGE_MESSAGES[problem],
          path: [problem === 'fromAfterTo' ? 'from' : 'to'],
        });
    }),
);
export type StatementQuery = z.input<typeof StatementQuerySchema>;
