import { describe, expect, it } from 'vitest';
import { minorToDecimal } from '@portal/contract';
import { explainBillChanges, type BillInvoice, type BillLine } from './bill-changes';
import { causeText, changesSummary } from './bill-changes-texts';

let nextId = 1n;
const line = (category: BillLine['category'], description: string, amount: string, extra: Partial<BillLine> = {}): BillLine => ({
  id: nextId++,
  category,
  description,
  quantity: '1',
  amount,
  startDate: '2025-03-01',
  endDate: '2025-03-31',
  usageClass: null,
  ...extra,
});

/** An invoice of March (or `month`) whose total is its lines' sum unless `amount` says otherwise. */
const bill = (lines: BillLine[], options: { month?: 'feb' | 'mar'; amount?: string } = {}): BillInvoice => {
  const cents = lines.reduce((sum, l) => sum + BigInt(l.amount.replace('.', '')), 0n);
  const [startDate, endDate] = options.month === 'feb' ? ['2025-02-01', '2025-02-28'] : ['2025-03-01', '2025-03-31'];
  return {
    id: nextId++,
    startDate,
    endDate,
    amount: options.amount ?? minorToDecimal(cents),
    lines: lines.map((l) => (options.month === 'feb' ? { ...l, startDate: l.startDate.replace('-03-', '-02-'), endDate: l.endDate.replace('-03-31', '-02-28') } : l)),
  };
};

const PLAN = 'Essential 10 GB';
const TALK = 'Talk & Text 150 + 5 GB';
const HST = () => line('Tax', 'HST 13%', '5.85');

const cases: { name: string; previous: () => BillLine[]; current: () => BillLine[]; kinds: [string, string][] }[] = [
  { name: 'nothing changed', previous: () => [line('Plan', PLAN, '45.00')], current: () => [line('Plan', PLAN, '45.00')], kinds: [] },
  {
    name: 'plan changed',
    previous: () => [line('Plan', PLAN, '45.00')],
    current: () => [line('Plan', TALK, '40.00')],
    kinds: [['planChanged', '-5.00']],
  },
  {
    name: 'price changed',
    previous: () => [line('Plan', PLAN, '45.00')],
    current: () => [line('Plan', PLAN, '50.00')],
    kinds: [['priceChanged', '5.00']],
  },
  {
    name: 'a partial month this bill',
    previous: () => [line('Plan', PLAN, '45.00')],
    current: () => [line('Plan', PLAN, '22.50', { startDate: '2025-03-16' })],
    kinds: [['partialMonth', '-22.50']],
  },
  {
    name: 'a partial month on the last bill',
    previous: () => [line('Plan', PLAN, '10.00', { startDate: '2025-03-20' })],
    current: () => [line('Plan', PLAN, '45.00')],
    kinds: [['partialMonth', '35.00']],
  },
  {
    name: 'a recurring charge new, another gone',
    previous: () => [line('Plan', PLAN, '45.00'), line('Plan', 'Voicemail', '5.00')],
    current: () => [line('Plan', PLAN, '45.00'), line('Plan', 'Device financing', '30.00')],
    kinds: [
      ['newCharge', '30.00'],
      ['chargeGone', '-5.00'],
    ],
  },
  {
    name: 'data beyond the allowance, and voice overage gone',
    previous: () => [line('Plan', TALK, '40.00'), line('Usage', 'Voice overage', '2.50', { usageClass: 0, quantity: '10' })],
    current: () => [line('Plan', TALK, '40.00'), line('Usage', 'Data overage', '12.34', { usageClass: 4, quantity: '1234' })],
    kinds: [
      ['usageBeyondAllowance', '-2.50'],
      ['usageBeyondAllowance', '12.34'],
    ],
  },
  {
    name: 'roaming classes together, long distance apart',
    previous: () => [line('Plan', PLAN, '45.00')],
    current: () => [
      line('Plan', PLAN, '45.00'),
      line('Usage', 'Roaming calls', '10.00', { usageClass: 5 }),
      line('Usage', 'Roaming data', '5.00', { usageClass: 7 }),
      line('Usage', 'Long distance', '1.20', { usageClass: 1 }),
    ],
    kinds: [
      ['roaming', '15.00'],
      ['usage', '1.20'],
    ],
  },
  {
    name: 'one-time charges, credits and taxes',
    previous: () => [line('Plan', PLAN, '45.00'), line('OneTime', 'SIM card replacement', '10.00'), line('Tax', 'HST 13%', '7.15')],
    current: () => [line('Plan', PLAN, '45.00'), line('Adjustment', 'Loyalty credit', '-5.00'), HST()],
    kinds: [
      ['oneTime', '-10.00'],
      ['credits', '-5.00'],
      ['taxes', '-1.30'],
    ],
  },
  {
    name: 'a usage line without a rating class is other',
    previous: () => [line('Plan', PLAN, '45.00')],
    current: () => [line('Plan', PLAN, '45.00'), line('Usage', 'Premium SMS', '3.00')],
    kinds: [['other', '3.00']],
  },
];

describe('explainBillChanges', () => {
  it.each(cases)('$name', ({ previous, current, kinds }) => {
    const changes = explainBillChanges(bill(current()), bill(previous(), { month: 'feb' }));
    expect(changes.causes.map((c) => [c.kind, minorToDecimal(c.amount)])).toEqual(kinds);
    expect(changes.causes.reduce((sum, c) => sum + c.amount, 0n)).toBe(changes.difference);
  });

  it('what the lines do not account for is other changes, with its amount', () => {
    const changes = explainBillChanges(bill([line('Plan', PLAN, '45.00')], { amount: '47.00' }), bill([line('Plan', PLAN, '45.00')], { month: 'feb' }));
    expect(changes.causes.map((c) => [c.kind, minorToDecimal(c.amount)])).toEqual([['other', '2.00']]);
  });

  it('a first invoice is all new', () => {
    const current = bill([line('Plan', PLAN, '45.00'), HST()]);
    const changes = explainBillChanges(current, null);
    expect(changes).toMatchObject({ difference: 5085n, causes: [{ kind: 'firstInvoice', amount: 5085n, chargeIds: current.lines.map((l) => l.id) }] });
  });

  it('links a cause to its lines on this bill, a charge gone to the last bill’s, and usage to its records', () => {
    const gone = line('Plan', 'Voicemail', '5.00');
    const data = line('Usage', 'Data overage', '12.34', { usageClass: 4, quantity: '1234' });
    const changes = explainBillChanges(bill([line('Plan', PLAN, '45.00'), data]), bill([line('Plan', PLAN, '45.00'), gone], { month: 'feb' }));
    expect(changes.causes.find((c) => c.kind === 'chargeGone')!.chargeIds).toEqual([gone.id]);
    expect(changes.causes.find((c) => c.kind === 'usageBeyondAllowance')).toMatchObject({
      chargeIds: [data.id],
      usage: { from: '2025-03-01', to: '2025-03-31', type: 'data', roaming: false, minAmount: '0.01' },
    });
  });
});

describe('the words', () => {
  const data = () =>
    explainBillChanges(
      bill([line('Plan', PLAN, '45.00'), line('Usage', 'Data overage', '12.34', { usageClass: 4, quantity: '1234' })]),
      bill([line('Plan', PLAN, '45.00')], { month: 'feb' }),
    ).causes[0]!;

  it.each([
    ['en', 'Data beyond your 10,240 MB allowance: 11,474 MB used, 1,234 over ($12.34 this bill, $0.00 the last).'],
    ['fr', 'Données au-delà de votre forfait de 10\u00a0240 Mo : 11\u00a0474 Mo utilisés, 1\u00a0234 de plus (12,34\u00a0$ sur cette facture, 0,00\u00a0$ sur la dernière).'],
  ] as const)('usage beyond the allowance names the allowance and the use (%s)', (language, text) => {
    expect(causeText(data(), language, 'CAD')).toBe(text);
  });

  it.each([
    ['en', 1250n, 8000n, 'Your bill is $12.50 higher than last time ($80.00).'],
    ['en', -1250n, 8000n, 'Your bill is $12.50 lower than last time ($80.00).'],
    ['fr', 1250n, 8000n, 'Votre facture est plus élevée de 12,50\u00a0$ que la dernière fois (80,00\u00a0$).'],
    ['en', 0n, 8000n, 'Your bill is the same as last time ($80.00).'],
    ['fr', 5000n, null, "C'est votre première facture."],
  ] as const)('the summary (%s, %s)', (language, difference, previousTotal, text) => {
    expect(changesSummary({ difference, previousTotal }, language, 'CAD')).toBe(text);
  });
});
