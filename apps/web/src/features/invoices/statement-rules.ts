import { statementRangeProblem, type StatementFormat } from '@portal/contract';

/**
 * Pure rules of the "Statement" dialog: its starting values and what is wrong with
 * what was entered. The period rule is the contract's (the server refuses the same periods).
 */

export interface StatementForm {
  /** `YYYY-MM-DD` as a date input gives it; empty while not a whole date. */
  from: string;
  to: string;
  format: StatementFormat;
}

export type StatementFieldError = 'required' | 'invalid' | 'fromAfterTo' | 'tooLong';

export interface StatementFormErrors {
  from?: StatementFieldError;
  to?: StatementFieldError;
}

/** The last three calendar months up to today (the account's today): from the first of the month two months back. */
export const statementFormDefaults = (today: string): StatementForm => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 3, 1)).toISOString().slice(0, 10);
  return { from: start, to: today, format: 'pdf' };
};

const isDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const fieldError = (value: string): StatementFieldError | undefined => (value.trim() === '' ? 'required' : isDay(value) ? undefined : 'invalid');

/** Each field's problem: missing, not a date, from after to (on `from`), longer than a statement covers (on `to`). */
export const validateStatementForm = (form: StatementForm): StatementFormErrors => {
  const errors: StatementFormErrors = {};
  const from = fieldError(form.from);
  const to = fieldError(form.to);
  if (from) errors.from = from;
  if (to) errors.to = to;
  if (from || to) return errors;
  const problem = statementRangeProblem(form.from, form.to);
  if (problem === 'fromAfterTo') errors.from = 'fromAfterTo';
  if (problem === 'tooLong') errors.to = 'tooLong';
  return errors;
};

export const hasStatementErrors = (errors: StatementFormErrors): boolean => Boolean(errors.from ?? errors.to);
