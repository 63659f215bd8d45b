import { describe, expect, it } from 'vitest';
import { statementFormDefaults, validateStatementForm, type StatementForm } from './statement-rules';

describe('statementFormDefaults', () => {
  it.each([
    ['2026-11-25', '2026-09-01'],
    ['2026-01-31', '2025-11-01'],
    ['2026-02-28', '2025-12-01'],
    ['2026-03-01', '2026-01-01'],
  ])('on %s starts on %s, ends today, as a PDF', (today, from) => {
    expect(statementFormDefaults(today)).toEqual({ from, to: today, format: 'pdf' });
  });
});

describe('validateStatementForm', () => {
  const form = (from: string, to: string): StatementForm => ({ from, to, format: 'csv' });
  it.each<[string, StatementForm, ReturnType<typeof validateStatementForm>]>([
    ['a month', form('2025-01-01', '2025-01-31'), {}],
    ['one day', form('2025-01-01', '2025-01-01'), {}],
    ['exactly 5 years', form('2020-01-01', '2024-12-31'), {}],
    ['5 years and a day', form('2020-01-01', '2025-01-01'), { to: 'tooLong' }],
    ['from a leap day, 5 years', form('2024-02-29', '2029-02-27'), {}],
    ['from after to', form('2025-02-01', '2025-01-31'), { from: 'fromAfterTo' }],
    ['no from', form('', '2025-01-31'), { from: 'required' }],
    ['nothing', form('', ''), { from: 'required', to: 'required' }],
    ['an impossible day', form('2025-02-30', '2025-03-31'), { from: 'invalid' }],
    ['not a date', form('2025-01-01', 'soon'), { to: 'invalid' }],
  ])('%s', (_case, value, errors) => {
    expect(validateStatementForm(value)).toEqual(errors);
  });
});
