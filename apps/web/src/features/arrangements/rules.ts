/** What the arrangement screens decide, as pure functions of the contract's rules. */
import {
  addCalendarDays,
  fromMinor,
  instalmentProblems,
  overdueNotArrangedMinor,
  toMinor,
  type Arrangement,
  type ArrangementOptions,
  type HomeModel,
} from '@portal/contract';
import { parseAmount } from '@/lib/amount';

export interface InstalmentRow {
  date: string;
  /** As typed. */
  amount: string;
}

/** What the dialog proposes: the least first instalment on the last day allowed, the rest as late as allowed. */
export const suggestedInstalments = (options: ArrangementOptions): InstalmentRow[] => {
  const total = toMinor(options.amount);
  if (options.maxInstalments < 2) return [{ date: options.firstInstalment.to, amount: fromMinor(total).toFixed(2) }];
  const first = toMinor(options.firstInstalment.minimumAmount);
  if (first >= total) return [{ date: options.firstInstalment.to, amount: fromMinor(total).toFixed(2) }];
  return [
    { date: options.firstInstalment.to, amount: fromMinor(first).toFixed(2) },
    { date: addCalendarDays(options.firstInstalment.to, options.restWithinDays), amount: fromMinor(total - first).toFixed(2) },
  ];
};

/** The last day a later instalment may fall on, given the first's date. */
export const lastDayAfter = (options: ArrangementOptions, firstDate: string): string => addCalendarDays(firstDate, options.restWithinDays);

export type InstalmentError =
  | { key: 'amountInvalid' | 'dateInvalid' | 'order' }
  | { key: 'firstDate'; from: string; to: string }
  | { key: 'firstAmount'; minimum: number }
  | { key: 'laterDate'; to: string };

/** What is wrong with the rows, per row (form-wide problems: the sum, under `sum`); empty when they can be sent. */
export const instalmentErrors = (rows: readonly InstalmentRow[], options: ArrangementOptions): { rows: (InstalmentError | null)[]; sum: number | null } => {
  const result: { rows: (InstalmentError | null)[]; sum: number | null } = { rows: rows.map(() => null), sum: null };
  const parsed = rows.map((row) => ({ date: /^\d{4}-\d{2}-\d{2}$/.test(row.date) ? row.date : null, amount: parseAmount(row.amount) }));
  parsed.forEach((row, index) => {
    if (row.date === null) result.rows[index] = { key: 'dateInvalid' };
    else if (row.amount === null) result.rows[index] = { key: 'amountInvalid' };
  });
  if (result.rows.some((e) => e !== null)) return result;
  const windows = {
    maxInstalments: options.maxInstalments,
    first: { from: options.firstInstalment.from, to: options.firstInstalment.to },
    firstMinimumMinor: toMinor(options.firstInstalment.minimumAmount),
    restWithinDays: options.restWithinDays,
  };
  const instalments = parsed.map((row) => ({ date: row.date!, amountMinor: toMinor(row.amount!) }));
  for (const problem of instalmentProblems(windows, toMinor(options.amount), instalments)) {
    if (problem.code === 'sum') result.sum = options.amount;
    else if (problem.code === 'firstDate') result.rows[0] ??= { key: 'firstDate', from: problem.from, to: problem.to };
    else if (problem.code === 'firstAmount') result.rows[0] ??= { key: 'firstAmount', minimum: fromMinor(problem.minimumMinor) };
    else if (problem.code === 'order') result.rows[problem.index] ??= { key: 'order' };
    else if (problem.code === 'laterDate') result.rows[problem.index] ??= { key: 'laterDate', to: problem.to };
  }
  return result;
};

export const hasInstalmentErrors = (errors: ReturnType<typeof instalmentErrors>): boolean => errors.sum !== null || errors.rows.some((e) => e !== null);

/** The instalment the customer looks for: the first not paid yet (null when all are, or the arrangement is over). */
export const nextInstalment = (arrangement: Arrangement) =>
  arrangement.status === 'Active' ? (arrangement.instalments.find((i) => i.state !== 'Paid') ?? null) : null;

/**
 * The home model as the dashboard shows it: what an active arrangement still covers is not overdue, and while
 * it covers all of it the payment due is its next instalment.
 */
export const homeWithArrangement = (home: HomeModel, arrangement: Arrangement | null): HomeModel => {
  if (!arrangement || arrangement.status !== 'Active') return home;
  const arranged = toMinor(arrangement.amount) - toMinor(arrangement.paid);
  const overdue = home.overdue.flatMap((o) => {
    if (o.currency.code !== arrangement.currency) return [o];
    const left = overdueNotArrangedMinor(toMinor(o.amount), arranged > 0n ? arranged : 0n);
    return left > 0n ? [{ ...o, amount: fromMinor(left) }] : [];
  });
  const fullyArranged = !overdue.some((o) => o.currency.code === arrangement.currency);
  return { ...home, overdue, paymentDueDate: fullyArranged ? (nextInstalment(arrangement)?.date ?? home.paymentDueDate) : home.paymentDueDate };
};
