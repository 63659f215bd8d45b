import { describe, expect, it } from 'vitest';
import { StatementQuerySchema, statementLastDay, statementRangeProblem } from './statements';

describe('statementLastDay', () => {
  it.each([
    ['2020-01-01', '2024-12-31'],
    ['2024-02-29', '2029-02-28'],
    ['2025-03-01', '2030-02-28'],
    ['2027-03-01', '2032-02-29'],
  ])('a statement from %s may end on %s', (from, last) => {
    expect(statementLastDay(from)).toBe(last);
  });
});

describe('statementRangeProblem', () => {
  it.each([
    ['2025-01-01', '2025-01-31', null],
    ['2025-01-31', '2025-01-31', null],
    ['2025-02-01', '2025-01-31', 'fromAfterTo'],
    ['2020-01-01', '2024-12-31', null],
    ['2020-01-01', '2025-01-01', 'tooLong'],
  ])('%s to %s: %s', (from, to, problem) => {
    expect(statementRangeProblem(from, to)).toBe(problem);
  });
});

describe('StatementQuerySchema', () => {
  it('takes a valid period and format', () => {
    expect(StatementQuerySchema.parse({ from: '2025-01-01', to: '2025-01-31', format: 'csv' })).toEqual({ from: '2025-01-01', to: '2025-01-31', format: 'csv' });
  });

  it.each([
    [{ from: '2025-02-01', to: '2025-01-31', format: 'pdf' }, ['from'], 'The start date (from) must be on or before the end date (to).'],
    [{ from: '2019-01-01', to: '2025-01-31', format: 'pdf' }, ['to'], 'A statement covers at most 5 years; choose a shorter period.'],
    [{ from: '2025-01-01', to: '2025-01-31', format: 'xlsx' }, ['format'], 'format must be pdf or csv'],
    [{ to: '2025-01-31', format: 'pdf' }, ['from'], 'from must be a day written YYYY-MM-DD (the first day of the statement)'],
    [{ from: '2025-01-01', to: '2025-02-30', format: 'pdf' }, ['to'], 'to must be a day written YYYY-MM-DD (the last day of the statement)'],
  ])('refuses %j at %j', (query, path, message) => {
    const result = StatementQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path, i.message])).toEqual([[path, message]]);
  });
});
