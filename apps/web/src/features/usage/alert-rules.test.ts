import { describe, expect, it } from 'vitest';
import { defaultAlertSettings } from '@portal/contract';
import { alertsFormOf, alertsFormProblem, limitUsedPercent, settingsOfForm, withPercent } from './alert-rules';

describe('the alerts form', () => {
  it('starts from the settings and gives them back unchanged', () => {
    const settings = { allowances: [{ kind: 'data' as const, percents: [50 as const, 90 as const] }], overageAmount: 12.5, email: false };
    const form = alertsFormOf(settings);
    expect(form).toEqual({ percents: { voice: [], sms: [], data: [50, 90], roaming: [] }, overageText: '12.50', email: false });
    expect(settingsOfForm(form)).toEqual({
      allowances: [
        { kind: 'voice', percents: [] },
        { kind: 'sms', percents: [] },
        { kind: 'data', percents: [50, 90] },
        { kind: 'roaming', percents: [] },
      ],
      overageAmount: 12.5,
      email: false,
    });
  });

  it.each([
    { on: true, percent: 50 as const, expected: [50, 80, 100] },
    { on: true, percent: 90 as const, expected: [80, 90, 100] },
    { on: false, percent: 80 as const, expected: [100] },
    { on: true, percent: 80 as const, expected: [80, 100] },
  ])('turning $percent % on=$on gives $expected', ({ on, percent, expected }) => {
    expect(withPercent(alertsFormOf(defaultAlertSettings()), 'voice', percent, on).percents.voice).toEqual(expected);
  });

  it.each([
    { overageText: '', problem: null, amount: undefined },
    { overageText: ' 25 ', problem: null, amount: 25 },
    { overageText: '0', problem: 'overageInvalid', amount: undefined },
    { overageText: 'abc', problem: 'overageInvalid', amount: undefined },
    { overageText: '1.234', problem: 'overageInvalid', amount: undefined },
  ])('overage "$overageText": $problem', ({ overageText, problem, amount }) => {
    const form = { ...alertsFormOf(defaultAlertSettings()), overageText };
    expect(alertsFormProblem(form)).toBe(problem);
    if (problem === null) expect(settingsOfForm(form).overageAmount).toBe(amount);
  });
});

describe('limitUsedPercent', () => {
  it.each([
    { amount: null, used: 5, percent: null },
    { amount: 50, used: 0, percent: 0 },
    { amount: 50, used: 40, percent: 80 },
    { amount: 30, used: 10, percent: 33 },
    { amount: 50, used: 75.5, percent: 100 },
  ])('$used of $amount: $percent', ({ amount, used, percent }) => {
    expect(limitUsedPercent({ amount, used, reached: amount !== null && used >= amount })).toBe(percent);
  });
});
